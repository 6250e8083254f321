"""Finding tables on the local network by mDNS / DNS-SD (the optional ``[lan]`` extra,
``zeroconf``). A server announces itself as a ``_tcf-gui._tcp`` service; the Join dialog
lists the ones it hears. Without the extra nothing is announced and nothing is found:
typing the address works as before.
"""
from __future__ import annotations

import socket
import threading
from dataclasses import dataclass
from importlib.util import find_spec
from typing import Any

from tcf_gui.net.address import lan_address

SERVICE = "_tcf-gui._tcp.local."


def lan_available() -> bool:
    return find_spec("zeroconf") is not None


@dataclass(frozen=True)
class Found:
    """A server heard on the local network: what it calls itself and its address."""

    label: str
    address: str


class Announcer:
    """A service registered with zeroconf; ``close`` takes it back."""

    def __init__(self, zeroconf: Any, info: Any) -> None:
        self.zeroconf, self.info = zeroconf, info

    async def close(self) -> None:
        await self.zeroconf.async_unregister_service(self.info)
        await self.zeroconf.async_close()


async def announce(port: int, label: str) -> Announcer | None:
    """Announce a server on ``port`` as ``label`` (the hosting player's name, or "server");
    None without the extra or without a network that takes it. Registering takes a second
    or two (zeroconf first asks whether the name is taken)."""
    if not lan_available():
        return None
    from zeroconf import ServiceInfo
    from zeroconf.asyncio import AsyncZeroconf

    address = lan_address()
    host = socket.gethostname().split(".")[0] or "tcf-gui"
    name = f"{label} on {host} ({port})"[:60]
    info = ServiceInfo(SERVICE, f"{name}.{SERVICE}", addresses=[socket.inet_aton(address)],
                       port=port, properties={"label": label[:40], "protocol": "1"},
                       server=f"{host}.local.")
    try:
        zeroconf = AsyncZeroconf()
    except Exception:  # no multicast on this network: the address still works  # noqa: BLE001
        return None
    try:
        await zeroconf.async_register_service(info, allow_name_change=True)
    except Exception:  # (as above)  # noqa: BLE001
        await zeroconf.async_close()
        return None
    return Announcer(zeroconf, info)


def heard_label(name: str, port: int | None) -> str:
    """How a server heard as ``name`` is shown beside its address: its service name without
    the service type, and without the port its announcer put in to keep names apart (the
    address shows it): "Ann on kitchen (8765)._tcf-gui._tcp.local." is "Ann on kitchen"."""
    label = name.removesuffix(f".{SERVICE}")
    return label.removesuffix(f" ({port})") or label


class Browser:
    """Listens for servers on the local network; ``found`` is the list so far (empty without
    the extra, on a network without multicast, or while zeroconf starts: it starts on a
    thread of its own, so that the menu opening it never waits)."""

    def __init__(self) -> None:
        self._found: dict[str, Found] = {}
        self._lock = threading.Lock()
        self._zeroconf: Any = None
        self._closed = False
        if lan_available():
            threading.Thread(target=self._start, daemon=True, name="lan browser").start()

    def _start(self) -> None:
        from zeroconf import ServiceBrowser, Zeroconf

        try:
            zeroconf = Zeroconf()
        except Exception:  # no multicast here, or zeroconf's loop too slow to start  # noqa: BLE001
            return
        with self._lock:
            closed = self._closed
            if not closed:
                self._zeroconf = zeroconf
        if closed:
            zeroconf.close()
            return
        try:
            ServiceBrowser(zeroconf, SERVICE, handlers=[self._changed])
        except Exception:  # noqa: BLE001  (as above: nothing is found, typing still works)
            self.close()

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=2000)
        if info is None or not info.parsed_addresses():
            return
        label = heard_label(name, info.port)
        with self._lock:
            self._found[name] = Found(label, f"{info.parsed_addresses()[0]}:{info.port}")

    @property
    def found(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(), key=lambda found: found.label)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            zeroconf, self._zeroconf = self._zeroconf, None
        if zeroconf is not None:
            zeroconf.close()
