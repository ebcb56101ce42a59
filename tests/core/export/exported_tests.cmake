# The exported tests kept from rotting (ctest ExportedTests.*, run with cmake -P): the core
# installed into a prefix in the build tree, a GoogleTest file exported for every bundled
# fixture (ccdlab-cli export-test), one Catch2 and one doctest file, and the engine target's
# file of a fast ball against a wall, all in one generated project that finds the core with
# find_package(ccd) alone; the project is configured, built and its ctest run. Its engine tests
# show that an exported test fails against a wrong engine (the sub-stepping plugin tunnels) and
# passes against a right one (the Box2D plugin, its target separation allowed as box2d's slack).
#
# -D BUILD_DIR (the project's build tree), CLI (ccdlab-cli), SOURCE_DIR, PLUGINS_DIR (the
# example plugins), WORK_DIR (wiped and made again), CONFIG (the build's configuration); and
# COMPILERS and FLAGS, the -D options that give the generated project the build's own compilers
# (and ccache) and flags (the asan preset's sanitizers: the installed libraries need them).
foreach(variable IN ITEMS BUILD_DIR CLI SOURCE_DIR PLUGINS_DIR WORK_DIR)
    if(NOT DEFINED ${variable})
        message(FATAL_ERROR "exported_tests.cmake needs -D ${variable}=...")
    endif()
endforeach()

function(run)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out
        ERROR_VARIABLE out)
    if(NOT status EQUAL 0)
        list(JOIN ARGN " " command)
        message(FATAL_ERROR "failed (${status}): ${command}\n${out}")
    endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(project ${WORK_DIR}/project)
file(MAKE_DIRECTORY ${project})
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

# Every fixture as GoogleTest, against the certified core.
file(GLOB fixtures ${SOURCE_DIR}/tests/fixtures/*.json)
set(fixture_files)
foreach(fixture IN LISTS fixtures)
    get_filename_component(stem ${fixture} NAME_WE)
    run(${CLI} export-test ${fixture} --framework gtest -o ${project}/${stem}.cpp)
    list(APPEND fixture_files ${stem}.cpp)
endforeach()
list(LENGTH fixture_files fixture_count)
if(fixture_count EQUAL 0)
    message(FATAL_ERROR "no fixture found in ${SOURCE_DIR}/tests/fixtures")
endif()

# One file for each other framework, and the engine target's files.
set(head_on ${SOURCE_DIR}/tests/fixtures/head-on-balls.json)
run(${CLI} export-test ${head_on} --framework catch2 -o ${project}/catch2_case.cpp)
run(${CLI} export-test ${head_on} --framework doctest -o ${project}/doctest_case.cpp)
set(fast ${SOURCE_DIR}/tests/core/export/fast_ball_through_wall.jsonl)
run(${CLI} export-test ${fast} --target engine -o ${project}/engine_case.cpp)
run(${CLI} export-test ${fast} --target engine --algorithm box2d
    -o ${project}/engine_box2d_case.cpp)
run(${CLI} export-test ${fast} --target certified -o ${project}/certified_case.cpp)

list(JOIN fixture_files " " fixture_sources)
file(WRITE ${project}/CMakeLists.txt "cmake_minimum_required(VERSION 3.25)
project(exported_tests C CXX)
find_package(ccd 0.1 REQUIRED)
find_package(GTest REQUIRED)
find_package(Catch2 REQUIRED)
find_package(doctest REQUIRED)
enable_testing()

add_executable(fixtures ${fixture_sources})
target_link_libraries(fixtures PRIVATE ccd::core GTest::gtest_main)
add_test(NAME fixtures COMMAND fixtures)

add_executable(catch2_case catch2_case.cpp)
target_link_libraries(catch2_case PRIVATE ccd::core Catch2::Catch2)
add_test(NAME catch2 COMMAND catch2_case)
add_executable(doctest_case doctest_case.cpp)
target_link_libraries(doctest_case PRIVATE ccd::core doctest::doctest)
add_test(NAME doctest COMMAND doctest_case)

add_executable(certified_case certified_case.cpp)
target_link_libraries(certified_case PRIVATE ccd::core GTest::gtest_main)
add_test(NAME certified_fast_ball COMMAND certified_case)

# The engine target needs only the ABI's header (installed with the core) and dlopen.
add_executable(engine_case engine_case.cpp)
add_executable(engine_box2d_case engine_box2d_case.cpp)
foreach(t engine_case engine_box2d_case)
    target_include_directories(\${t} PRIVATE \$<TARGET_PROPERTY:ccd::vocabulary,INTERFACE_INCLUDE_DIRECTORIES>)
    target_link_libraries(\${t} PRIVATE GTest::gtest_main \${CMAKE_DL_LIBS})
endforeach()
# The sub-stepper tunnels: the test fails, saying it is a miss.
add_test(NAME engine_substep_fails COMMAND engine_case)
set_tests_properties(engine_substep_fails PROPERTIES WILL_FAIL TRUE
    ENVIRONMENT CCD_ENGINE_PLUGIN=${PLUGINS_DIR}/substep_plugin.so)
add_test(NAME engine_substep_says_miss COMMAND engine_case)
set_tests_properties(engine_substep_says_miss PROPERTIES
    ENVIRONMENT CCD_ENGINE_PLUGIN=${PLUGINS_DIR}/substep_plugin.so
    PASS_REGULAR_EXPRESSION \"miss: no contact reported; the first contact is at t = 0.445454545\")
# Box2D stops at its target separation: past the contact by more than the tolerance, so the
# test without box2d's slack fails, and the one exported with --algorithm box2d passes.
add_test(NAME engine_box2d_without_slack_fails COMMAND engine_case)
set_tests_properties(engine_box2d_without_slack_fails PROPERTIES WILL_FAIL TRUE
    ENVIRONMENT CCD_ENGINE_PLUGIN=${PLUGINS_DIR}/box2d_plugin.so)
add_test(NAME engine_box2d_passes COMMAND engine_box2d_case)
set_tests_properties(engine_box2d_passes PROPERTIES
    ENVIRONMENT CCD_ENGINE_PLUGIN=${PLUGINS_DIR}/box2d_plugin.so)
# The engine linked in (-DCCD_ENGINE_LINKED) rather than loaded: the sub-stepper's source.
add_executable(engine_linked_case engine_case.cpp ${SOURCE_DIR}/examples/plugins/substep_plugin.c)
target_compile_definitions(engine_linked_case PRIVATE CCD_ENGINE_LINKED)
target_include_directories(engine_linked_case PRIVATE \$<TARGET_PROPERTY:ccd::vocabulary,INTERFACE_INCLUDE_DIRECTORIES>)
target_link_libraries(engine_linked_case PRIVATE GTest::gtest_main m)
add_test(NAME engine_linked_substep_says_miss COMMAND engine_linked_case)
set_tests_properties(engine_linked_substep_says_miss PROPERTIES
    PASS_REGULAR_EXPRESSION \"miss: no contact reported; the first contact is at t = 0.445454545\")
# No engine named: the test fails, saying so.
add_test(NAME engine_missing_says_so COMMAND engine_case)
set_tests_properties(engine_missing_says_so PROPERTIES ENVIRONMENT CCD_ENGINE_PLUGIN=
    PASS_REGULAR_EXPRESSION \"no engine: set CCD_ENGINE_PLUGIN\")
")

set(build ${WORK_DIR}/build)
run(${CMAKE_COMMAND} -S ${project} -B ${build} -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_BUILD_TYPE=${CONFIG} ${COMPILERS} ${FLAGS})
run(${CMAKE_COMMAND} --build ${build} -j 2)
execute_process(COMMAND ${CMAKE_CTEST_COMMAND} --test-dir ${build} --output-on-failure
    RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "the exported tests failed (${build})")
endif()
message(STATUS "${fixture_count} fixtures exported, built against the installed core, passed")
