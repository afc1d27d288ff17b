"""Run the command line as `python -m puzzlesat`."""

from puzzlesat.cli import main

if __name__ == "__main__":
    main()
