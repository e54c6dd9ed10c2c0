// libsystemc refers to sc_main; the fuzz targets never start the kernel.
extern "C" int sc_main(int, char**) { return 0; }
