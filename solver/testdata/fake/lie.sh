#!/bin/sh
# Claims a model that falsifies clause "1 -3" of testdata/cnf/small-sat.cnf.
echo "s SATISFIABLE"
echo "v -1 -2 3 0"
exit 10
