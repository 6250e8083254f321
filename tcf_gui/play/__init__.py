"""The turn loop every way of playing shares, with no pygame: seats and a table session.

A Seat is asked with a View and answers later (tcf_gui.play.seats); a TableSession deals a
run of games between two seats, counts them and writes the history (tcf_gui.play.session);
OffLoop asks slow work on a worker thread (tcf_gui.play.off_loop). The window, the
spectator and ``play --text`` are adapters over them.
"""
from tcf_gui.play.off_loop import OffLoop, OffLoopFailed, failure_line
from tcf_gui.play.seats import FileSeat, PersonSeat, ReplaySeat, Seat, StrategySeat, seat_for
from tcf_gui.play.session import SeatFailure, TableSession

__all__ = ["FileSeat", "OffLoop", "OffLoopFailed", "PersonSeat", "ReplaySeat", "Seat",
           "SeatFailure", "StrategySeat", "TableSession", "failure_line", "seat_for"]
