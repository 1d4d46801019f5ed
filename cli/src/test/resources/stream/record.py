# Records a run's live stream for StreamWatchTest: every [topic, payload] message until COUNT have come,
# each written as big-endian int32 length + topic, int32 length + payload.
#   python3 record.py tcp://127.0.0.1:5563 COUNT OUT.frames
import struct, sys, zmq

sub = zmq.Context().socket(zmq.SUB)
sub.connect(sys.argv[1])
sub.subscribe(b"")
with open(sys.argv[3], "wb") as out:
    for _ in range(int(sys.argv[2])):
        topic, payload = sub.recv_multipart()
        out.write(struct.pack(">i", len(topic)) + topic + struct.pack(">i", len(payload)) + payload)
