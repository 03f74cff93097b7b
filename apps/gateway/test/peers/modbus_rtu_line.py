"""A serial line for the Modbus RTU peer: two pseudo-terminals joined back to back, as socat would.

pymodbus' serial server opens one end; the gateway opens the other (the path printed as ready).
The bytes from the server to the gateway pass a fault injector, so a test can garble replies on
the line (a CRC error at the receiver) the way electrical noise does.

`start_serial_server` serves on a serial device made elsewhere instead (one end of a socat pty
pair, for the multi-drop line tests), logging each request it answers.
"""
import os
import select
import threading
import tty

from pymodbus.framer.rtu_framer import ModbusRtuFramer
from pymodbus.server.async_io import ModbusSerialServer, ModbusSingleRequestHandler


def open_pty():
    master, slave = os.openpty()
    tty.setraw(slave)
    return master, slave, os.ttyname(slave)


def garble(data):
    """Flips the bits of the third byte (the byte count or a value): the CRC no longer matches."""
    if len(data) < 4:
        return data
    return data[:2] + bytes([data[2] ^ 0xFF]) + data[3:]


def bridge(device_master, gateway_master, line_faults, on_request):
    """Copies bytes both ways until either side goes away; shows each request to `on_request`."""
    while True:
        readable, _, _ = select.select([device_master, gateway_master], [], [])
        for source in readable:
            try:
                data = os.read(source, 4096)
            except OSError:
                return
            if source == device_master:
                if line_faults["fault"] == "corrupt":
                    data = garble(data)
                os.write(gateway_master, data)
            else:
                if len(data) >= 4:
                    on_request(data)
                os.write(device_master, data)


async def start_rtu_server(context, peer_handler, line_faults, on_request):
    """Starts pymodbus' RTU server on one end of the line; answers the path of the other end."""
    device_master, _device_slave, device_path = open_pty()
    gateway_master, _gateway_slave, gateway_path = open_pty()
    threading.Thread(
        target=bridge, args=(device_master, gateway_master, line_faults, on_request), daemon=True
    ).start()

    class SerialHandler(peer_handler, ModbusSingleRequestHandler):
        pass

    server = ModbusSerialServer(
        context,
        framer=ModbusRtuFramer,
        port=device_path,
        handler=SerialHandler,
        baudrate=9600,
        ignore_missing_slaves=True,
    )
    await server.start()
    return gateway_path, server


async def start_serial_server(context, peer_handler, path, on_request):
    """Starts pymodbus' RTU server on the serial device `path`; `on_request(unit, fc, request)`."""

    class LoggingHandler(peer_handler, ModbusSingleRequestHandler):
        def execute(self, request, *addr):
            on_request(request.unit_id, request.function_code, request)
            super().execute(request, *addr)

    server = ModbusSerialServer(
        context,
        framer=ModbusRtuFramer,
        port=path,
        handler=LoggingHandler,
        baudrate=9600,
        ignore_missing_slaves=True,
    )
    await server.start()
    return server
