"""The experiment layer of nocsim: grids of runs, their statistics, the
saturation search and plots (docs/experiments.md). Plain Python 3 with
Debian's python3-yaml, python3-numpy and python3-matplotlib."""
