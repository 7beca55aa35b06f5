#!/bin/sh
# A fake Gomocup engine that leaks: asked for a move, it "thinks" by growing
# a shell variable 8 MB at a time (its own memory, no child process) and
# never answers. At 512 MB it stops growing and waits, in case nothing
# kills it sooner.
while read -r command rest; do
    case "$command" in
        START) echo OK ;;
        BEGIN | TURN | DONE)
            chunk=x
            i=0
            while [ $i -lt 23 ]; do
                chunk="$chunk$chunk"
                i=$((i + 1))
            done
            heap=
            i=0
            while [ $i -lt 64 ]; do
                heap="$heap$chunk"
                i=$((i + 1))
            done
            read -r rest
            ;;
        END) exit 0 ;;
    esac
done
