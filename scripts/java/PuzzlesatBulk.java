/*
 * A headless bulk run of David Hill's Minesweeper solver (github.com/DavidNHill/Minesweeper), for
 * puzzlesat's scripts/bench_java_solver.py. Not part of Hill's sources; compiled against them (see scripts/README.md).
 *
 *   java -cp BUILD PuzzlesatBulk WIDTH HEIGHT MINES GAMES SEED [--layouts FILE] [--warmup K] [--moves FILE]
 *       [--no-long-term-safety]
 *
 * Plays GAMES games with the solver's bulk machinery (BulkController/BulkWorker, one worker thread) and its bulk
 * settings (SettingsFactory SMALL_ANALYSIS, single-threaded, no flags), the first click in the corner (0,0).
 * Without --layouts the games are Hill's own "safe start" games (GameType.STANDARD: the first click is never a mine,
 * the mines a uniform shuffle of the other cells, java.util.Random seeded from SEED as MinesweeperBulk does). With
 * --layouts FILE they are the layouts in FILE, one game a line: the mine cells as row*WIDTH+col, comma-separated
 * (puzzlesat's games, so that both players meet the very same boards).
 *
 * --no-long-term-safety switches off the solver's long-term risk factor (SolverSettings.setLongTermSafety(false):
 * no SecondarySafetyEvaluator scaling by the 50/50s a guess could leave behind), to measure what it is worth.
 *
 * Prints one line, "PUZZLESAT-BULK {json}": games, wins, the outcome of every game ("1" won, "0" lost, in order),
 * guesses (in all, and each game's as "guesses_each", comma-separated), the process CPU seconds (every thread:
 * solver, JIT compilers, GC) at the end and after the first K games (--warmup, default 100), and the worker thread's
 * CPU seconds at both points.
 *
 * --moves FILE (with --layouts) also writes every game's cells opened by the solver, one game a line, in order:
 * "GAME OUTCOME CELL:METHOD:SAFETY ..." (GAME from 0, OUTCOME 1 won or 0 lost, CELL row*WIDTH+col, METHOD the
 * solver's MoveMethod, SAFETY the chance the solver gave the cell of being safe, 1 when certain); puzzlesat's
 * scripts/diverge_java_solver.py reads it to find where the two players part.
 */

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import minesweeper.gamestate.GameStateModel;
import minesweeper.settings.GameSettings;
import minesweeper.settings.GameType;
import minesweeper.solver.bulk.BulkController;
import minesweeper.solver.bulk.BulkPlayer;
import minesweeper.solver.bulk.BulkRequest;
import minesweeper.solver.bulk.BulkRequestGame;
import minesweeper.solver.bulk.GamePostListener;
import minesweeper.solver.settings.PlayStyle;
import minesweeper.solver.settings.SettingsFactory;
import minesweeper.solver.settings.SettingsFactory.Setting;
import minesweeper.solver.settings.SolverSettings;
import minesweeper.structure.Action;
import minesweeper.structure.Location;

public class PuzzlesatBulk {

	/** A game whose mines are given (puzzlesat's layout), played by Hill's rules: flood fill through zeros. */
	static class LayoutGame extends GameStateModel {

		private final int[][] board;
		private final int[] mineCells;
		final StringBuilder moves = new StringBuilder();  // the cells opened, as --moves writes them

		LayoutGame(GameSettings settings, int[] mineCells) {
			super(settings, 1);
			this.board = new int[width][height];
			this.mineCells = mineCells;
		}

		@Override
		protected void startHandle(Location m) {
			for (int cell : mineCells) {
				int x = cell % width, y = cell / width;
				if (x == m.x && y == m.y) {
					throw new IllegalStateException("the first click " + m.x + "," + m.y + " is a mine of the layout");
				}
				board[x][y] = GameStateModel.MINE;
				for (int j = 0; j < DX.length; j++) {
					int a = x + DX[j], b = y + DY[j];
					if (a >= 0 && a < width && b >= 0 && b < height && board[a][b] != GameStateModel.MINE) {
						board[a][b]++;
					}
				}
			}
		}

		@Override
		public boolean doAction(Action action) {
			boolean hidden = action.getAction() == Action.CLEAR && query(action) == GameStateModel.HIDDEN;
			boolean done = super.doAction(action);
			if (hidden && done) {
				moves.append(' ').append(action.y * width + action.x).append(':').append(action.getMoveMethod().name())
						.append(':').append(action.getBigProb().stripTrailingZeros().toPlainString());
			}
			return done;
		}

		@Override
		protected void placeFlagHandle(Location m) {
		}

		@Override
		protected int queryHandle(int x, int y) {
			return board[x][y];
		}

		@Override
		protected boolean clearSquareHitMine(Location m) {
			if (board[m.x][m.y] == 0) {
				explode(m);
			}
			return board[m.x][m.y] == GameStateModel.MINE;
		}

		@Override
		protected boolean clearSurroundHandle(Location m) {
			for (int j = 0; j < DX.length; j++) {
				int a = m.x + DX[j], b = m.y + DY[j];
				if (a >= 0 && a < width && b >= 0 && b < height) {
					clearSquare(new Location(a, b));
				}
			}
			return true;
		}

		@Override
		public boolean supports3BV() {
			return true;
		}
	}

	/** The bulk controller fed with given layouts, in order (getGameState is called once a game, in sequence). */
	static class LayoutPlayer extends BulkController {

		private final GameSettings settings;
		private final List<int[]> layouts;
		private int next = 0;

		LayoutPlayer(List<int[]> layouts, GameSettings settings, SolverSettings solverSettings) {
			super(new Random(0), layouts.size(), solverSettings, 1);
			this.settings = settings;
			this.layouts = layouts;
		}

		@Override
		protected GameStateModel getGameState(long seed) {
			return new LayoutGame(settings, layouts.get(next++));
		}
	}

	static double processCpu() {
		return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
				.getProcessCpuTime() / 1e9;
	}

	static List<int[]> readLayouts(String path, int mines) throws IOException {
		List<int[]> layouts = new ArrayList<>();
		for (String line : Files.readAllLines(Paths.get(path))) {
			line = line.trim();
			if (line.isEmpty()) {
				continue;
			}
			String[] parts = line.split(",");
			if (parts.length != mines) {
				throw new IllegalArgumentException("a layout of " + parts.length + " mines, not " + mines);
			}
			int[] cells = new int[parts.length];
			for (int i = 0; i < parts.length; i++) {
				cells[i] = Integer.parseInt(parts[i].trim());
			}
			layouts.add(cells);
		}
		return layouts;
	}

	public static void main(String[] args) throws Exception {
		if (args.length < 5) {
			System.err.println("usage: PuzzlesatBulk WIDTH HEIGHT MINES GAMES SEED [--layouts FILE] [--warmup K] [--moves FILE]"
					+ " [--no-long-term-safety]");
			System.exit(2);
		}
		int width = Integer.parseInt(args[0]), height = Integer.parseInt(args[1]), mines = Integer.parseInt(args[2]);
		int games = Integer.parseInt(args[3]);
		long seed = Long.parseLong(args[4]);
		String layoutFile = null, movesFile = null;
		int warmup = 100;
		boolean longTermSafety = true;
		for (int i = 5; i < args.length; i += 2) {
			if (args[i].equals("--no-long-term-safety")) {
				longTermSafety = false;
				i--;  // a flag: no value follows
			} else if (args[i].equals("--layouts")) {
				layoutFile = args[i + 1];
			} else if (args[i].equals("--moves")) {
				movesFile = args[i + 1];
			} else if (args[i].equals("--warmup")) {
				warmup = Integer.parseInt(args[i + 1]);
			} else {
				throw new IllegalArgumentException("unknown option " + args[i]);
			}
		}

		GameSettings gameSettings = GameSettings.create(width, height, mines);
		SolverSettings settings = SettingsFactory.GetSettings(Setting.SMALL_ANALYSIS);
		settings.setSingleThread(true);
		settings.setStartLocation(new Location(0, 0));
		settings.setLongTermSafety(longTermSafety);

		BulkController controller;
		if (layoutFile != null) {
			List<int[]> layouts = readLayouts(layoutFile, mines);
			games = layouts.size();
			controller = new LayoutPlayer(layouts, gameSettings, settings);
		} else {
			controller = new BulkPlayer(new Random(seed), games, GameType.STANDARD, gameSettings, settings, 1);
		}
		controller.setPlayStyle(PlayStyle.NO_FLAG);
		controller.setReportInterval(0);

		final int total = games, warm = warmup;
		final StringBuilder outcomes = new StringBuilder();
		final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		final double[] at = {Double.NaN, Double.NaN, Double.NaN};  // process CPU after warm-up, worker CPU then, at the end
		final int[] guesses = {0};
		final StringBuilder guessesEach = new StringBuilder();
		final StringBuilder moveLog = new StringBuilder();
		controller.registerPostGameListener(new GamePostListener() {
			@Override
			public void postAction(BulkRequest request) {
				BulkRequestGame game = request.getRequestGames()[0];
				outcomes.append(game.getGame().getGameState() == GameStateModel.WON ? '1' : '0');
				if (game.getGame() instanceof LayoutGame) {
					moveLog.append(outcomes.length() - 1).append(' ').append(outcomes.charAt(outcomes.length() - 1))
							.append(((LayoutGame) game.getGame()).moves).append('\n');
				}
				guesses[0] += game.getGuesses();
				guessesEach.append(guessesEach.length() == 0 ? "" : ",").append(game.getGuesses());
				if (outcomes.length() == warm) {
					at[0] = processCpu();
					at[1] = threads.getCurrentThreadCpuTime() / 1e9;
				}
				if (outcomes.length() == total) {
					at[2] = threads.getCurrentThreadCpuTime() / 1e9;
				}
			}

			@Override
			public void postResults() {
			}
		});
		controller.run();
		double cpu = processCpu();
		if (movesFile != null) {
			Files.write(Paths.get(movesFile), moveLog.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
		}

		int wins = 0;
		for (int i = 0; i < outcomes.length(); i++) {
			wins += outcomes.charAt(i) == '1' ? 1 : 0;
		}
		System.out.println("PUZZLESAT-BULK {\"games\": " + outcomes.length() + ", \"wins\": " + wins
				+ ", \"guesses\": " + guesses[0] + ", \"guesses_each\": \"" + guessesEach + "\""
				+ ", \"long_term_safety\": " + longTermSafety + ", \"warmup\": " + warmup
				+ ", \"process_cpu\": " + cpu + ", \"process_cpu_at_warmup\": " + json(at[0])
				+ ", \"worker_cpu\": " + json(at[2]) + ", \"worker_cpu_at_warmup\": " + json(at[1])
				+ ", \"outcomes\": \"" + outcomes + "\"}");
		System.exit(0);
	}

	static String json(double value) {
		return Double.isNaN(value) ? "null" : Double.toString(value);
	}
}
