"""The same per-line work on a Dask LocalCluster, through a plain concurrent.futures Executor."""

from __future__ import annotations

import pytest

from puzzlesat.sudoku.batch import SolveOptions, solve_lines, solve_partition

distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=2, processes=True, dashboard_address=None)
    with distributed.Client(cluster) as dask_client:
        yield dask_client
    cluster.close()


def untimed(records):
    """Records without their time, which differs from run to run."""
    return [{key: value for key, value in record.items() if key != "time_ms"} for record in records]


def lines(puzzles_dir):
    text = (puzzles_dir / "sudoku" / "top95.txt").read_text().splitlines()[:40]
    return text[:10] + ["# a comment", "not a puzzle"] + text[10:]


@pytest.mark.slow
def test_solve_lines_on_a_local_cluster_matches_local_run(client, puzzles_dir):
    local = list(solve_lines(lines(puzzles_dir)))
    remote = list(solve_lines(lines(puzzles_dir), executor=client.get_executor(), chunk_size=8))
    assert untimed(remote) == untimed(local)
    assert [r["status"] for r in remote].count("solved") == 40
    assert remote[10]["status"] == "invalid" and remote[10]["line"] == 12


@pytest.mark.slow
def test_dask_bag_recipe(client, puzzles_dir):
    import dask.bag as db

    bag = db.from_sequence(lines(puzzles_dir), npartitions=4)
    records = bag.map_partitions(solve_partition, SolveOptions(unique=True)).compute()
    assert sorted(r["status"] for r in records) == ["invalid"] + ["solved"] * 40


def test_solve_partition_in_threads_keeps_solvers_apart(puzzles_dir):
    from concurrent.futures import ThreadPoolExecutor

    chunk = lines(puzzles_dir)
    with ThreadPoolExecutor(4) as pool:
        outputs = [untimed(out) for out in pool.map(solve_partition, [chunk] * 8)]
    assert all(out == outputs[0] for out in outputs)
