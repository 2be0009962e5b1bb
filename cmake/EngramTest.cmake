# engram_add_test(NAME SOURCES <files…> [LIBRARIES <targets…>] [GUI])
# Registers one Qt Test executable with CTest. Every test runs offscreen with its own HOME and
# XDG folders below the build tree, so no test can touch the user's real data or settings.
function(engram_add_test name)
    cmake_parse_arguments(ARG "GUI" "" "SOURCES;LIBRARIES" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE engram_config engram_core engram_testsupport Qt6::Test ${ARG_LIBRARIES})
    add_test(NAME ${name} COMMAND ${name})
    set(sandbox "${CMAKE_BINARY_DIR}/test-home/${name}")
    file(MAKE_DIRECTORY "${sandbox}/runtime")
    set_tests_properties(${name} PROPERTIES
        TIMEOUT 300
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;HOME=${sandbox};XDG_RUNTIME_DIR=${sandbox}/runtime;XDG_CONFIG_HOME=${sandbox}/config;XDG_DATA_HOME=${sandbox}/data;XDG_CACHE_HOME=${sandbox}/cache;ENGRAM_SOURCE_DIR=${PROJECT_SOURCE_DIR};ENGRAM_BINARY_DIR=${CMAKE_BINARY_DIR};LLM_BASE_URL=;LLM_API_KEY=;LLM_MODEL=;OPENAI_BASE_URL=;OPENAI_API_KEY=")
endfunction()

# Every tst_*.cpp in DIR becomes one test executable named after the file.
function(engram_add_tests_in dir)
    cmake_parse_arguments(ARG "GUI" "" "LIBRARIES" ${ARGN})
    file(GLOB sources CONFIGURE_DEPENDS "${dir}/tst_*.cpp")
    foreach(source IN LISTS sources)
        get_filename_component(name "${source}" NAME_WE)
        if(ARG_GUI)
            engram_add_test(${name} SOURCES ${source} LIBRARIES ${ARG_LIBRARIES} GUI)
        else()
            engram_add_test(${name} SOURCES ${source} LIBRARIES ${ARG_LIBRARIES})
        endif()
    endforeach()
endfunction()

# engram_add_server_runs(<tests…>)
# Runs each already registered test a second time, as <test>_pg, against PostgreSQL
# (ENGRAM_TEST_BACKEND=postgres; label "postgres"): the fixtures then keep each memory in a fresh
# database on the server scripts/with-postgres.sh started, instead of in a file.
function(engram_add_server_runs)
    foreach(name IN LISTS ARGN)
        if(NOT TARGET ${name})
            continue()
        endif()
        add_test(NAME ${name}_pg COMMAND ${name})
        set(sandbox "${CMAKE_BINARY_DIR}/test-home/${name}_pg")
        file(MAKE_DIRECTORY "${sandbox}/runtime")
        set_tests_properties(${name}_pg PROPERTIES
            TIMEOUT 600
            LABELS postgres
            ENVIRONMENT "ENGRAM_TEST_BACKEND=postgres;QT_QPA_PLATFORM=offscreen;HOME=${sandbox};XDG_RUNTIME_DIR=${sandbox}/runtime;XDG_CONFIG_HOME=${sandbox}/config;XDG_DATA_HOME=${sandbox}/data;XDG_CACHE_HOME=${sandbox}/cache;ENGRAM_SOURCE_DIR=${PROJECT_SOURCE_DIR};ENGRAM_BINARY_DIR=${CMAKE_BINARY_DIR};LLM_BASE_URL=;LLM_API_KEY=;LLM_MODEL=;OPENAI_BASE_URL=;OPENAI_API_KEY=")
    endforeach()
endfunction()
