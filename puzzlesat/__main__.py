"""Run the command line as `python -m puzzlesat`."""

from puzzlesat.cli import run

if __name__ == "__main__":
    run()
