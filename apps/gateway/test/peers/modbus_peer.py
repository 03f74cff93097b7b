#!/usr/bin/python3
"""A Modbus server on pymodbus (3.0), the independent peer of the gateway's Modbus driver tests.

Run with the system Python, which has pymodbus:

    /usr/bin/python3 modbus_peer.py [--host 127.0.0.1] [--port 0]       Modbus TCP
    /usr/bin/python3 modbus_peer.py --rtu                                 Modbus RTU on a pty
    /usr/bin/python3 modbus_peer.py --serial /dev/pts/N                   Modbus RTU on that device

It prints one JSON object a line on stdout: {"event": "ready", "port": n} (or "path" for RTU,
the serial device to open) once it serves, then {"event": "request", ...} for every request it
receives. It reads commands, one JSON object a line, on stdin:

    {"cmd": "get", "table": "hr"|"co", "address": a, "count": n, "unit": u}
                                                        answers {"event": "values", ...} (unit 1 by default)
    {"cmd": "line", "fault": "none"|"corrupt"}                      RTU only: garble the next replies

and exits when stdin closes, so it never outlives the test that started it.

The typed values are encoded by pymodbus' own BinaryPayloadBuilder (byte order = order of the bytes
inside a register, word order = order of the registers), the byte-order words of 123456.0 are
written out as in libmodbus' unit tests. Unit 1 holds the data; unit 7 answers as unit 8 (a wrong
slave) on TCP; unit 2 is a second device of its own (holding register 101 holds 2222 instead of
54321), for the multi-drop line; any other unit gets no answer at all (the device is silent).
"""
import argparse
import asyncio
import json
import sys
import threading
import time

from pymodbus.constants import Endian
from pymodbus.datastore import (
    ModbusSequentialDataBlock,
    ModbusServerContext,
    ModbusSlaveContext,
    ModbusSparseDataBlock,
)
from pymodbus.payload import BinaryPayloadBuilder
from pymodbus.pdu import ModbusExceptions
from pymodbus.server.async_io import ModbusConnectedRequestHandler, ModbusTcpServer

BIG, LITTLE = Endian.Big, Endian.Little
# 32-bit orders as (byte order in a register, word order), named like the gateway's settings.
ORDERS = {
    "ABCD": (BIG, BIG),
    "CDAB": (BIG, LITTLE),
    "BADC": (LITTLE, BIG),
    "DCBA": (LITTLE, LITTLE),
}

REFUSED_VALUES = range(500, 510)  # writes here answer exception 03, illegal data value
BUSY = range(520, 530)  # any access here answers exception 06, slave device busy
SLOW = range(540, 550)  # answered after 100 ms, to see whether a client waits for each reply
HOLES = (305, 312)  # missing holding registers: pymodbus itself answers exception 02


def words(add, byteorder=BIG, wordorder=BIG):
    builder = BinaryPayloadBuilder(byteorder=byteorder, wordorder=wordorder)
    add(builder)
    return builder.to_registers()


def text(value, size, encoding):
    raw = value.encode(encoding).ljust(size, b"\0")
    return [(raw[i] << 8) | raw[i + 1] for i in range(0, size, 2)]


def holding_registers():
    hr = {address: 0 for address in range(0, 600)}
    layout = {
        100: words(lambda b: b.add_16bit_int(-12345)),
        101: words(lambda b: b.add_16bit_uint(54321)),
        102: words(lambda b: b.add_32bit_int(-123456789)),
        104: words(lambda b: b.add_32bit_uint(3000000000)),
        106: words(lambda b: b.add_64bit_int(-1234567890123)),
        110: words(lambda b: b.add_64bit_uint(2**60 + 2**12)),
        114: words(lambda b: b.add_32bit_float(-273.15)),
        116: words(lambda b: b.add_64bit_float(3.141592653589793)),
        120: text("HELLO-42", 8, "ascii"),
        124: text("Zürich", 8, "utf-8"),
        130: [0x8024],  # bits 2, 5 and 15 set
        140: text("温度", 4, "utf-16-be"),
        142: text("温度", 4, "utf-16-le"),
        144: text("温度", 4, "gbk"),
        # 123456.0 = 0x47F12000 as libmodbus' tests lay it out in its four byte orders
        200: [0x47F1, 0x2000],
        202: [0x2000, 0x47F1],
        204: [0xF147, 0x0020],
        206: [0x0020, 0xF147],
        232: words(lambda b: b.add_16bit_int(-12345), LITTLE),
        240: words(lambda b: b.add_64bit_float(3.141592653589793), BIG, LITTLE),
        244: words(lambda b: b.add_64bit_float(3.141592653589793), LITTLE, BIG),
        248: words(lambda b: b.add_64bit_float(3.141592653589793), LITTLE, LITTLE),
        300: [11],
        301: words(lambda b: b.add_32bit_float(1.5)),
        304: [44],
        306: [66],
        310: words(lambda b: b.add_32bit_uint(100000)),
        313: [133],
    }
    for order, offset in zip(("CDAB", "BADC", "DCBA"), (210, 212, 214)):
        layout[offset] = words(lambda b: b.add_32bit_int(-123456789), *ORDERS[order])
    for address, values in layout.items():
        for i, value in enumerate(values):
            hr[address + i] = value
    for hole in HOLES:
        del hr[hole]
    return hr


def make_store(hr):
    return ModbusSlaveContext(
        co=ModbusSequentialDataBlock(0, [1, 0, 1, 1, 0, 0, 1, 0] + [0] * 92),
        di=ModbusSequentialDataBlock(0, [0, 1, 1, 0, 1] + [0] * 95),
        ir=ModbusSequentialDataBlock(0, [4321] + words(lambda b: b.add_32bit_float(-2.5)) + [0] * 97),
        hr=ModbusSparseDataBlock(hr),
        zero_mode=True,
    )


def make_context():
    store = make_store(holding_registers())
    second = holding_registers()
    second[101] = 2222
    return ModbusServerContext(slaves={1: store, 7: store, 2: make_store(second)}, single=False)


OUTPUT = threading.Lock()  # the server loop and the command thread both write lines


def emit(event):
    with OUTPUT:
        sys.stdout.write(json.dumps(event) + "\n")
        sys.stdout.flush()


def touches(request, area):
    start = getattr(request, "address", 0)
    count = getattr(request, "count", 1) or 1
    return start < area.stop and start + count > area.start


def wrong_slave(response):
    """Unit 7 is answered as unit 8, as when two devices share an address by mistake."""
    if response.unit_id == 7:
        response.unit_id = 8
    return response, False


def log_request(unit, fc, pdu):
    """One line per request; address and count as in a read or multiple write request PDU."""
    address = int.from_bytes(pdu[0:2], "big") if len(pdu) >= 2 else None
    count = int.from_bytes(pdu[2:4], "big") if fc in (1, 2, 3, 4, 15, 16) and len(pdu) >= 4 else 1
    log_request_fields(unit, fc, address, count)


def log_request_fields(unit, fc, address, count):
    emit({"event": "request", "t": time.monotonic(), "unit": unit, "fc": fc, "address": address, "count": count})


class PeerHandler:
    """Answers the fault areas; everything else is plain pymodbus."""

    def execute(self, request, *addr):
        fc = request.function_code
        fault = None
        if fc in (3, 6, 16) and touches(request, BUSY):
            fault = ModbusExceptions.SlaveBusy
        elif fc in (6, 16) and touches(request, REFUSED_VALUES):
            fault = ModbusExceptions.IllegalValue
        if fault is not None:
            response = request.doException(fault)
            response.transaction_id = request.transaction_id
            response.unit_id = request.unit_id
            self.send(response, *addr)
        elif fc == 3 and touches(request, SLOW):
            asyncio.get_event_loop().call_later(0.1, super().execute, request, *addr)
        else:
            super().execute(request, *addr)


def serve_commands(loop, context, stop, line_faults):
    """Reads commands from stdin on a thread; stdin closing stops the peer."""
    for line in sys.stdin:
        command = json.loads(line)
        if command["cmd"] == "get":
            fc = {"hr": 3, "co": 1}[command["table"]]
            values = context[command.get("unit", 1)].getValues(fc, command["address"], command["count"])
            emit({"event": "values", "values": [int(v) for v in values]})
        elif command["cmd"] == "line":
            line_faults["fault"] = command["fault"]
            emit({"event": "ok"})
    loop.call_soon_threadsafe(stop.set)


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--rtu", action="store_true")
    parser.add_argument("--serial", help="serve Modbus RTU on this serial device")
    args = parser.parse_args()
    context = make_context()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    line_faults = {"fault": "none"}
    if args.serial:
        from modbus_rtu_line import start_serial_server  # pylint: disable=import-outside-toplevel

        def on_request(unit, fc, request):
            address = getattr(request, "address", None)
            log_request_fields(unit, fc, address, getattr(request, "count", 1) or 1)

        server = await start_serial_server(context, PeerHandler, args.serial, on_request)
        emit({"event": "ready", "path": args.serial})
    elif args.rtu:
        # Only the RTU line needs pyserial and ptys.
        from modbus_rtu_line import start_rtu_server  # pylint: disable=import-outside-toplevel

        path, server = await start_rtu_server(
            context, PeerHandler, line_faults, lambda frame: log_request(frame[0], frame[1], frame[2:-2])
        )
        emit({"event": "ready", "path": path})
    else:
        server = await start_tcp_server(context, args.host, args.port)
        emit({"event": "ready", "port": server.server.sockets[0].getsockname()[1]})
    threading.Thread(
        target=serve_commands, args=(loop, context, stop, line_faults), daemon=True
    ).start()
    await stop.wait()
    await server.shutdown()


async def start_tcp_server(context, host, port):
    class TcpHandler(PeerHandler, ModbusConnectedRequestHandler):
        """Logs every frame as it arrives, also those pymodbus then ignores (unknown units)."""

        def data_received(self, data):
            frames = data
            while len(frames) >= 8:
                length = int.from_bytes(frames[4:6], "big")
                log_request(frames[6], frames[7], frames[8 : 6 + length])
                frames = frames[6 + length :]
            super().data_received(data)

    server = ModbusTcpServer(
        context,
        address=(host, port),
        handler=TcpHandler,
        allow_reuse_address=True,
        ignore_missing_slaves=True,
        response_manipulator=wrong_slave,
    )
    asyncio.create_task(server.serve_forever())
    await server.serving
    return server


if __name__ == "__main__":
    asyncio.run(main())
