/* GTKWave's FST writer and reader (fstapi.h) as Verilator ships them. */
#define FST_CONFIG_INCLUDE "fst_config.h"
#include "fastlz.c"
#include "lz4.c"
#include "fstapi.c"
