"""Usage: python3 kill_scan.py CUT OUT ERR COMMAND...

Runs COMMAND (a scan) with its standard output into a pipe of one page (4096 bytes, the least
Linux allows) and its standard error appended to ERR; once CUT bytes have come out of the pipe,
kills it with SIGKILL, then appends to OUT every byte it wrote before it died (those read and
those still in the pipe), as if it had written to OUT itself. Until CUT bytes have come the
reader takes all, and after them nothing, so the scan has written at most CUT + 4096 bytes when
it is killed: a scan that has more to write than that cannot have ended by then, whatever the
machine's speed (tests/cli/scan.sh). Prints how the scan ended ("killed" or "ended by itself")
and exits 1 when it was not killed."""
import fcntl
import os
import signal
import subprocess
import sys

PIPE_BYTES = 4096  # one page: the capacity F_SETPIPE_SZ rounds any smaller request up to


def main(cut, out, err, command):
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    with open(err, "ab") as errors:
        scan = subprocess.Popen(command, stdout=write_end, stderr=errors)
    os.close(write_end)
    data = bytearray()
    while len(data) < cut:
        chunk = os.read(read_end, cut - len(data))
        if not chunk:
            break
        data += chunk
    scan.send_signal(signal.SIGKILL)
    scan.wait()
    while chunk := os.read(read_end, 65536):  # what the scan wrote before it died
        data += chunk
    with open(out, "ab") as records:
        records.write(data)
    if scan.returncode != -signal.SIGKILL:
        print(f"ended by itself (exit {scan.returncode}) before {cut} bytes")
        return 1
    print(f"killed after {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]))
