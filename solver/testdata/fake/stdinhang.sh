#!/bin/sh
# A competition solver that reads stdin: writes its pid to $FAKE_PIDFILE,
# copies the CNF it reads to $FAKE_COPY, then hangs (until stopped).
echo $$ > "$FAKE_PIDFILE"
cat > "$FAKE_COPY"
sleep 1000
