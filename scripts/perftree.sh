#!/bin/sh
# perftree calls its script as: SCRIPT "$depth" "$fen" "$moves"; movegen's perft speaks that.
exec "${PERFT:-perft}" perftree "$@"
