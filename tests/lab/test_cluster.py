"""The Dask path: a cluster plays the very numbers a local run plays, a lost worker's chunks
are played again with the same results, and a scheduler that cannot be reached or goes away
is a one-line error, never a hang."""
from __future__ import annotations

import json
import os
import signal
import socket
from pathlib import Path

import pytest

from tcf_gui.cli import main
from tcf_gui.lab import cluster
from tcf_gui.lab.cluster import ClusterError, check_address
from tcf_gui.lab.batch import ChunkTask, play_chunk
from tcf_gui.lab.batch.chunk import HYBRID_CHUNK_GAMES
from tcf_gui.lab.runner import Run, run_games, run_many
from tcf_gui.lab.shipping import files_in, pack, unpack
from tcf_gui.engine.strategies.registry import StrategyError
from tcf_gui.engine.strategies.sandbox import client as sandbox

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.timeout(120)

#: A strategy with no batch form: its chunks (on the hybrid path, 4 of 1024 games in a run
#: of 4096) are slow enough to be in flight when a worker dies, fast enough for a test.
HYBRID = "mix:p=0.5,random,lazy"


@pytest.fixture(autouse=True)
def failed_clients_closed_between_tests(monkeypatch):
    """The Clients a test saw fail to start are closed before the next test starts one
    (cluster.collect_failed_clients says why), after each test that started a Client: the
    collection walks the whole heap of the worker (0.4 s late in a full run), and most tests
    here start none."""
    started: list[bool] = []
    start = distributed.Client.__init__

    def counted(client, *args, **kwargs):
        started.append(True)
        start(client, *args, **kwargs)

    monkeypatch.setattr(distributed.Client, "__init__", counted)
    yield
    if started:
        cluster.collect_failed_clients()


@pytest.fixture(scope="module")
def threads_cluster():
    """Two single-threaded workers in this process: quick to start."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as local:
        yield local


@pytest.fixture
def mine(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text("def choose(view):\n    return min(range(3), key=view.hand.__getitem__)\n")
    return str(path)


def test_a_cluster_of_two_workers_gives_the_local_numbers(threads_cluster, mine):
    address = threads_cluster.scheduler_address
    runs = [Run("random", "heuristic", 100_000, seed=4), Run("heuristic", "random", 100_000, seed=4),
            Run("random", HYBRID, 3000, seed=2), Run(f"{mine}:choose", "expert", 2000, seed=3)]
    seen: list[int] = []
    here = run_many(runs, workers=1)
    there = run_many(runs, scheduler=address, progress=seen.append)
    assert there == here
    assert seen == sorted(seen) and seen[-1] == sum(run.games for run in runs)


@pytest.mark.parametrize("asks_every_chunk", [False, True])
def test_a_lost_scheduler_is_a_clear_error(monkeypatch, asks_every_chunk):
    """Whether the client next waits on a result or asks the scheduler something (how many
    threads: once a second, so on every chunk on a slow machine), it is one ClusterError."""
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 2.0)  # how long the client tries again
    if asks_every_chunk:
        count = cluster._Threads.__call__

        def every_time(threads: cluster._Threads) -> int:
            threads.asked = -1e9  # as if a second had passed
            return count(threads)

        monkeypatch.setattr(cluster._Threads, "__call__", every_time)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as local:

        def close_the_cluster(done: int) -> None:
            local.close()

        with pytest.raises(ClusterError, match="lost the connection"):
            run_games("random", HYBRID, 4096, scheduler=local.scheduler_address,
                      progress=close_the_cluster)


def test_a_client_that_fails_to_close_leaves_the_error_that_ended_the_run(monkeypatch):
    """Closing a client whose scheduler had gone failed once inside Dask ("Cannot change
    state of expiring Timeout", a CI run), and that error replaced the clear one."""
    close, failed = distributed.Client.close, []

    def failing(self, *args, **kwargs):
        close(self, *args, **kwargs)
        if not failed:  # (once: the client's __del__ closes it again)
            failed.append(self)
            raise RuntimeError("Cannot change state of expiring Timeout")

    monkeypatch.setattr(distributed.Client, "close", failing)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as local:
        with pytest.raises(ClusterError, match="what ended the run"):
            with cluster.connect(local.scheduler_address):
                raise ClusterError("what ended the run")
    assert failed  # (the close did fail)


@pytest.mark.xdist_group("whole_core")  # two worker processes
def test_a_killed_workers_chunks_are_played_again():
    games = 4 * HYBRID_CHUNK_GAMES  # four chunks: when the first is counted, others are in hand
    expected = run_games("random", HYBRID, games, seed=9, workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as local, \
            distributed.Client(local) as client:
        pids = client.run(os.getpid)
        killed: list[str] = []

        def kill_a_busy_worker(done: int) -> None:
            busy = [worker for worker, keys in client.processing().items() if keys]
            if not killed and busy:
                killed.append(busy[0])
                os.kill(pids[busy[0]], signal.SIGKILL)

        result = run_games("random", HYBRID, games, seed=9, scheduler=local.scheduler_address,
                           progress=kill_a_busy_worker)
    assert killed  # a worker died with a chunk in hand ...
    assert result == expected  # ... and its chunks were played again, to the same results


def test_a_user_file_travels_with_its_chunks(mine):
    """A worker on another machine has no such path: it plays the text shipped in the task."""
    spec = f"majority:{mine},random,(mix:p=0.5,{mine}:choose,lazy)"
    assert files_in(spec) == [mine, mine]
    shipped = pack([spec, "heuristic"])
    task = ChunkTask(spec, "heuristic", seed=1, index=0, games=500, files=shipped)
    here = play_chunk(task)
    os.remove(mine)
    there = play_chunk(task)
    assert there.turns.tolist() == here.turns.tolist()
    assert there.cases.tolist() == here.cases.tolist()
    assert unpack(spec, shipped).count("tcf-gui-shipped") == 2


def test_a_shipped_file_keeps_its_time_limit_and_its_name_in_errors(tmp_path, monkeypatch):
    path = tmp_path / "slow.py"
    path.write_text("import time\n\ndef slow(view):\n    time.sleep(2)\n    return 0\n")
    monkeypatch.setattr(sandbox, "_limit", sandbox.decision_limit())  # restored afterwards
    spec = f"{path}:slow"
    task = ChunkTask(spec, "random", seed=1, index=0, games=10, files=pack([spec]), time_limit=0.2)
    with pytest.raises(StrategyError) as error:
        play_chunk(task)
    assert f"strategy {spec} took longer than the time limit of 0.2 s" in str(error.value)


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_an_unreachable_scheduler_is_one_line_and_exit_1(monkeypatch, capsys):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 2.0)
    address = f"tcp://127.0.0.1:{_closed_port()}"
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler"):
        run_games("random", "heuristic", 1000, scheduler=address)
    assert main(["stats", "-n", "1000", "--scheduler", address]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("tcf-gui stats: error: cannot reach") and "\n" not in err


def test_without_dask_the_flag_says_how_to_install(monkeypatch, capsys):
    monkeypatch.setattr("tcf_gui.commands.lab.cluster_available", lambda: False)
    with pytest.raises(SystemExit) as exit_:
        main(["duel", "random", "lazy", "--scheduler", "local"])
    assert exit_.value.code == 2
    assert 'pip install ".[cluster]"' in capsys.readouterr().err


@pytest.mark.parametrize("text", ["local", "local:3", "tcp://10.0.0.5:8786", "sched.example:8786",
                                  "tls://host:8786"])
def test_scheduler_addresses(text):
    assert check_address(text) == text


@pytest.mark.parametrize("text", ["local:0", "local:x", "nowhere", "tcp:/x", ""])
def test_bad_scheduler_addresses(text):
    with pytest.raises(ValueError):
        check_address(text)


def test_the_single_engine_refuses_a_scheduler():
    with pytest.raises(ValueError, match="batch engine only"):
        run_games("random", "lazy", 10, engine="single", scheduler="local")


def test_a_local_cluster_lets_no_one_else_in():
    """A local cluster speaks TLS with credentials of its own, on the loopback only (its
    read-only dashboard too): a second client (another local user) cannot join it, by any
    door."""
    from distributed.security import Security

    with cluster.connect("local:1") as client:
        address = client.scheduler.address
        assert address.startswith("tls://127.0.0.1:")
        http = client.cluster.scheduler.http_server._sockets.values()
        assert {sock.getsockname()[0] for sock in http} == {"127.0.0.1"}
        assert all(worker.startswith("tls://127.0.0.1:") for worker in client.scheduler_info()["workers"])
        for door, security in ((address, None), (address.replace("tls://", "tcp://"), None),
                               (address, Security.temporary())):
            with pytest.raises(Exception):
                with distributed.Client(door, security=security, timeout=3) as intruder:
                    intruder.run(os.getpid)
            cluster.collect_failed_clients()  # before the next intruder's Client starts
        assert client.submit(sum, [1, 2]).result() == 3  # while its own client plays on


def test_a_local_clusters_files_are_in_a_folder_of_its_own():
    """Not in Dask's /tmp/dask-scratch-space, which any local user could make first (and
    which two runs at once share): a fresh folder only this user can enter, gone after."""
    with cluster.connect("local:1") as client:
        folders = list(client.run(lambda dask_worker: dask_worker.local_directory).values())
        private = {Path(folder).parents[1] for folder in folders}
        assert len(private) == 1
        mine = private.pop()
        assert mine.name.startswith("tcf-gui-dask-")
        assert mine.stat().st_mode & 0o777 == 0o700 and mine.stat().st_uid == os.getuid()
    assert not mine.exists()


def test_a_local_cluster_is_capped_at_what_the_machine_holds(capsys):
    most = cluster.most_local_workers()
    assert check_address(f"local:{most}") == f"local:{most}"
    with pytest.raises(ValueError, match=f"a local cluster of {most} workers at most"):
        check_address("local:100000")
    with pytest.raises(SystemExit):
        main(["stats", "--scheduler", "local:100000"])
    err = capsys.readouterr().err
    assert f"a local cluster of {most} workers at most" in err and "Traceback" not in err


def test_an_answer_in_no_dask_protocol_is_one_line(monkeypatch):
    """Something that answers garbage where a scheduler should be: one line, quickly, and
    none of the garbage's consequences (such as numpy failing to allocate exabytes)."""
    import threading

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 3.0)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def answer_garbage() -> None:
        while True:
            try:
                peer, _ = server.accept()
            except OSError:
                return
            with peer:
                peer.sendall(b"\xff" * 64 + os.urandom(4096))

    threading.Thread(target=answer_garbage, daemon=True).start()
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    try:
        with pytest.raises(ClusterError) as error:
            run_games("random", "heuristic", 1000, scheduler=address)
    finally:
        server.close()
    message = str(error.value)
    assert message.startswith(f"cannot reach the Dask scheduler at {address}")
    assert "\n" not in message and "allocate" not in message
    # the Client that failed to start is closed already, not left to the garbage collector
    # to close inside the next Client's start (cluster.collect_failed_clients)
    import gc

    assert not [found for found in gc.get_objects() if isinstance(found, distributed.Client)]


def _tls_files(folder, security) -> cluster.TlsFiles:
    """Write a Security's credentials to files, as a cluster's administrator hands them out."""
    paths = []
    for name, text in (("ca.pem", security.tls_ca_file), ("client.pem", security.tls_client_cert),
                       ("client.key", security.tls_client_key)):
        (folder / name).write_text(text)
        paths.append(str(folder / name))
    return cluster.TlsFiles(*paths)


def test_a_remote_scheduler_over_tls_with_the_files_given(tmp_path, monkeypatch, capsys):
    from distributed.security import Security

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 3.0)
    monkeypatch.setattr(cluster, "_tls", None)
    security = Security.temporary()
    files = _tls_files(tmp_path, security)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  host="127.0.0.1", dashboard_address=None,
                                  security=security) as remote:
        address = remote.scheduler_address
        assert address.startswith("tls://")
        with pytest.raises(ClusterError):  # no files: Dask's configuration has none
            run_games("random", "heuristic", 500, scheduler=address)
        # with the files it connects at once; the short wait above (which makes the refusal
        # quick) once ran out on a machine under heavy load before the handshake was done
        monkeypatch.setattr(cluster, "CONNECT_SECONDS", 30.0)
        expected = run_games("random", "heuristic", 500, seed=2, workers=1)
        code = main(["stats", "-n", "500", "--seed", "2", "--json", "--scheduler", address,
                     "--tls-ca", files.ca, "--tls-cert", files.cert, "--tls-key", files.key])
        assert code == 0
        assert json.loads(capsys.readouterr().out)["win2"] == expected.counters.win2


@pytest.mark.parametrize("flags, message", [
    (["--tls-ca", "CA"], "are for a tls:// scheduler"),
    (["--scheduler", "tcp://127.0.0.1:1", "--tls-ca", "CA", "--tls-cert", "CA"], "are for a tls:// scheduler"),
    (["--scheduler", "tls://127.0.0.1:1", "--tls-ca", "CA"], "needs both --tls-ca and --tls-cert"),
    (["--scheduler", "tls://127.0.0.1:1", "--tls-ca", "/no/such.pem"], "cannot read '/no/such.pem'"),
])
def test_tls_flags_that_do_not_fit(tmp_path, capsys, flags, message):
    (tmp_path / "ca.pem").write_text("PEM")
    flags = [str(tmp_path / "ca.pem") if flag == "CA" else flag for flag in flags]
    with pytest.raises(SystemExit) as exit_:
        main(["stats", "-n", "10", *flags])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_shipped_files_go_to_a_private_folder_and_follow_no_symlink(mine, tmp_path, monkeypatch):
    """The old shared folder /tmp/tcf-gui-shipped let another user plant a symlink; now each
    worker process writes into a folder of its own that nobody else can enter."""
    from tcf_gui.lab import shipping

    monkeypatch.setattr(shipping, "_folder", None)  # a folder of this test's own

    spec = f"{mine}:choose"
    shipped = pack([spec])
    copy = Path(unpack(spec, shipped).rsplit(":", 1)[0])
    assert copy.read_text() == Path(mine).read_text()
    private = copy.parent.parent
    assert private.name.startswith("tcf-gui-shipped-") and private.stat().st_mode & 0o777 == 0o700
    victim = tmp_path / "victim"
    victim.write_text("mine")
    copy.unlink()
    copy.symlink_to(victim)  # planted where the next copy goes
    with pytest.raises(OSError):
        unpack(spec, shipped)
    assert victim.read_text() == "mine"
