"""A client of GET /rest/events that stops reading: a tiny receive buffer (so the kernel cannot
absorb megabytes for it), the request sent, then nothing read until a line arrives on stdin.
Then it reads to the end and prints `closed <bytes>` when the server ended the stream, or
`open <bytes>` when the stream was still open after 10 s without data."""
import base64
import socket
import sys
from urllib.parse import urlsplit

url, user, password = sys.argv[1:4]
parts = urlsplit(url)
sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
sock.connect((parts.hostname, parts.port))
auth = base64.b64encode(f"{user}:{password}".encode()).decode()
sock.sendall(f"GET {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAuthorization: Basic {auth}\r\nAccept: text/event-stream\r\n\r\n".encode())
print("stalled", flush=True)
sys.stdin.readline()
sock.settimeout(10)
received = 0
try:
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            print(f"closed {received}", flush=True)
            break
        received += len(chunk)
except socket.timeout:
    print(f"open {received}", flush=True)
except ConnectionResetError:
    print(f"closed {received}", flush=True)
