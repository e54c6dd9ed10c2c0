# Technology data (sc_models/power/tech/<nm>nm.tech) compiled in as text:
# a run needs no data files beside the binary.
file(GLOB NOCSIM_TECH_FILES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/sc_models/power/tech/*nm.tech)
list(SORT NOCSIM_TECH_FILES)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${NOCSIM_TECH_FILES})
set(NOCSIM_TECH_ENTRIES "")
foreach(f ${NOCSIM_TECH_FILES})
  get_filename_component(name ${f} NAME_WE)
  string(REGEX REPLACE "nm$" "" nm ${name})
  file(READ ${f} text)
  string(APPEND NOCSIM_TECH_ENTRIES "      {${nm}, R\"tech(${text})tech\"},\n")
endforeach()
configure_file(${CMAKE_SOURCE_DIR}/sc_models/power/tech_data.cpp.in ${CMAKE_BINARY_DIR}/generated/tech_data.cpp @ONLY)
# The link power states (Zahn), the same way.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/sc_models/power/link_states.txt)
file(READ ${CMAKE_SOURCE_DIR}/sc_models/power/link_states.txt NOCSIM_LINK_STATES)
configure_file(${CMAKE_SOURCE_DIR}/sc_models/power/link_states.cpp.in ${CMAKE_BINARY_DIR}/generated/link_states.cpp @ONLY)

# The model library (everything but the CLI entry) and the nocsim binary.
add_library(nocsim_lib STATIC
  sc_models/core/batch_plan.cpp
  sc_models/core/config.cpp
  sc_models/core/error.cpp
  sc_models/core/suggest.cpp
  sc_models/core/huge_pages.cpp
  sc_models/core/wake_wheel.cpp
  sc_models/parallel/worker_pool.cpp
  sc_models/parallel/outbox.cpp
  sc_models/alloc/vc_allocator.cpp
  sc_models/alloc/sw_alloc_backend.cpp
  sc_models/blocks/block_run.cpp
  sc_models/blocks/keys.cpp
  sc_models/rtl/blocks.cpp
  sc_models/routing/routing.cpp
  sc_models/routing/contention_config.cpp
  sc_models/routing/routing_config.cpp
  sc_models/routing/torus/adaptive.cpp
  sc_models/routing/torus/bubble.cpp
  sc_models/routing/torus/dor.cpp
  sc_models/routing/torus/outflank.cpp
  sc_models/routing/torus/register.cpp
  sc_models/routing/torus/star.cpp
  sc_models/routing/dragonfly/dragonfly_routing.cpp
  sc_models/routing/dragonfly/min_valiant.cpp
  sc_models/routing/dragonfly/ugal.cpp
  sc_models/routing/dragonfly/par.cpp
  sc_models/routing/dragonfly/olm.cpp
  sc_models/routing/dragonfly/register.cpp
  sc_models/routing/valiant_routing.cpp
  sc_models/routing/hyperx/dal.cpp
  sc_models/routing/hyperx/register.cpp
  sc_models/routing/fat_tree/fat_tree_routing.cpp
  sc_models/routing/fat_tree/register.cpp
  sc_models/routing/graph/register.cpp
  sc_models/routing/dragonfly_plus/register.cpp
  sc_models/vc/distance.cpp
  sc_models/vc/selection.cpp
  sc_models/vc/vc_config.cpp
  sc_models/vc/buffer_config.cpp
  sc_models/vc/one_vc.cpp
  sc_models/vc/flexvc.cpp
  sc_models/vc/vc_policy.cpp
  sc_models/vc/request_reply.cpp
  sc_models/routing/dragonfly/channel_bound.cpp
  sc_models/routing/torus/deroutes.cpp
  sc_models/router/stage.cpp
  sc_models/router/route_compute.cpp
  sc_models/router/vc_alloc.cpp
  sc_models/router/switch_alloc.cpp
  sc_models/router/crossbar.cpp
  sc_models/router/router.cpp
  sc_models/router/router_clock.cpp
  sc_models/router/router_config.cpp
  sc_models/nic/nic.cpp
  sc_models/nic/nic_clock.cpp
  sc_models/nic/injector.cpp
  sc_models/nic/sink.cpp
  sc_models/workload/program.cpp
  sc_models/workload/collectives.cpp
  sc_models/workload/collective_choice.cpp
  sc_models/workload/engine.cpp
  sc_models/workload/engine_messages.cpp
  sc_models/workload/text_trace.cpp
  sc_models/workload/otf2_archive.cpp
  sc_models/workload/otf2_rank.cpp
  sc_models/workload/otf2_trace.cpp
  sc_models/workload/graph500.cpp
  sc_models/workload/dpsnn.cpp
  sc_models/workload/workload_config.cpp
  sc_models/workload/application.cpp
  sc_models/workload/app_report.cpp
  sc_models/stats/delivery.cpp
  sc_models/traffic/pattern.cpp
  sc_models/traffic/hotspot_mix.cpp
  sc_models/traffic/source.cpp
  sc_models/traffic/traffic_config.cpp
  sc_models/congestion/provider.cpp
  sc_models/congestion/piggyback.cpp
  sc_models/congestion/contention.cpp
  sc_models/sim/memory.cpp
  sc_models/sim/network.cpp
  sc_models/sim/schema.cpp
  sc_models/trace/keys.cpp
  sc_models/traffic/keys.cpp
  sc_models/vc/keys.cpp
  sc_models/routing/keys.cpp
  sc_models/power/keys.cpp
  sc_models/link/keys.cpp
  sc_models/link/link_config.cpp
  sc_models/router/keys.cpp
  sc_models/sim/network_view.cpp
  sc_models/sim/params.cpp
  sc_models/sim/sim_config.cpp
  sc_models/sim/workload.cpp
  sc_models/sim/config_checks.cpp
  sc_models/sim/monitor.cpp
  sc_models/sim/run.cpp
  sc_models/sim/report.cpp
  sc_models/sim/power_report.cpp
  sc_models/power/tech.cpp
  sc_models/power/router_power.cpp
  sc_models/power/power_config.cpp
  ${CMAKE_BINARY_DIR}/generated/tech_data.cpp
  sc_models/power/link_power.cpp
  ${CMAKE_BINARY_DIR}/generated/link_states.cpp
  sc_models/router/link_gate.cpp
  sc_models/sim/link_power_net.cpp
  sc_models/sim/stop_signal.cpp
  sc_models/sim/deadlock.cpp
  sc_models/trace/waveform.cpp
  sc_models/trace/trace_probe.cpp
  topologies/topology.cpp
  topologies/kary_ncube.cpp
  topologies/hyperx.cpp
  topologies/fat_tree.cpp
  topologies/graph.cpp
  topologies/slimfly.cpp
  topologies/dragonfly.cpp
  topologies/dragonfly_plus.cpp
  topologies/keys.cpp
)
target_include_directories(nocsim_lib PUBLIC ${CMAKE_SOURCE_DIR}/sc_models ${CMAKE_SOURCE_DIR})
target_compile_options(nocsim_lib PRIVATE ${NOCSIM_WARN})
# GCC stops inlining in a translation unit once inlining has grown it by
# 40% (--param inline-unit-growth). The unity batch holding the router's
# stages sits at that edge, where a few lines more anywhere in it leave the
# hot link pulls and settle as calls (docs/performance.md, "Session 56");
# at 60% the calls it leaves to that limit are on cold paths only.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(nocsim_lib PRIVATE --param=inline-unit-growth=60)
endif()
target_link_libraries(nocsim_lib PUBLIC nocsim_twin PkgConfig::SYSTEMC PkgConfig::OTF2 yaml-cpp)
if(NOCSIM_RTL_COSIM)
  target_sources(nocsim_lib PRIVATE sc_models/rtl/verilated_blocks.cpp)
  target_link_libraries(nocsim_lib PUBLIC nocsim_rtl)
  target_compile_definitions(nocsim_lib PRIVATE NOCSIM_HAVE_RTL)
endif()

add_executable(nocsim sc_models/sim/main.cpp)
target_link_libraries(nocsim PRIVATE nocsim_lib)
target_compile_options(nocsim PRIVATE ${NOCSIM_WARN})
# The commit the binary is built from (the results' sim.build, --version):
# checked at every build, rewritten only when it changes.
add_custom_target(nocsim_build_id
  COMMAND ${CMAKE_COMMAND} -DSRC=${CMAKE_SOURCE_DIR} -DOUT=${CMAKE_BINARY_DIR}/generated/nocsim_build_id.h
          -P ${CMAKE_SOURCE_DIR}/cmake/build_id.cmake
  BYPRODUCTS ${CMAKE_BINARY_DIR}/generated/nocsim_build_id.h
  VERBATIM)
add_dependencies(nocsim nocsim_build_id)
target_include_directories(nocsim PRIVATE ${CMAKE_BINARY_DIR}/generated)
set_target_properties(nocsim PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})

# FST waveforms (trace.file=*.fst): GTKWave's FST library as Verilator ships
# it (C, zlib). Without it trace.file takes .vcd only.
if(verilator_FOUND)
  find_package(ZLIB)
endif()
if(verilator_FOUND AND ZLIB_FOUND AND EXISTS "${VERILATOR_ROOT}/include/gtkwave/fstapi.c")
  enable_language(C)
  add_library(nocsim_fst STATIC sc_models/trace/fst_lib.c)
  target_include_directories(nocsim_fst SYSTEM PUBLIC "${VERILATOR_ROOT}/include/gtkwave")
  # -w, and no UBSan: not our code. Its writer stores words at unaligned
  # addresses and shifts negative values (defined by the compilers we build
  # with), which UBSan would fail; ASan still covers it.
  target_compile_options(nocsim_fst PRIVATE -w $<$<BOOL:${NOCSIM_SANITIZE}>:-fno-sanitize=undefined>)
  target_link_libraries(nocsim_fst PUBLIC ZLIB::ZLIB)
  target_link_libraries(nocsim_lib PUBLIC nocsim_fst)
  target_compile_definitions(nocsim_lib PUBLIC NOCSIM_HAVE_FST)
endif()
