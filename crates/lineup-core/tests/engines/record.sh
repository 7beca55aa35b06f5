#!/bin/sh
# A fake Gomocup engine that appends every line it is sent to the file
# named by its first argument, and answers each move request with the next
# of the points given after it ("x,y"), in turn.
log="$1"
shift
while read -r line; do
    echo "$line" >> "$log"
    case "$line" in
        START* | TAKEBACK*) echo OK ;;
        BEGIN | TURN* | DONE) echo "$1"; shift ;;
        END) exit 0 ;;
    esac
done
