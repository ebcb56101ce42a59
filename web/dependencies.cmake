# The web build's dependencies (the `web` preset, emscripten): what the native build finds as
# Debian's binary packages is compiled here from Debian's source packages, which
# web/fetch_sources.sh fetches and verifies into CCDLAB_WEB_SOURCES (./dev.sh web runs it):
# Dear ImGui 1.86 with its GLFW and OpenGL 3 (here WebGL 2) backends, zlib 1.2.13 (raw DEFLATE
# for scene links) and Box2D 2.4.1 (the algorithm "box2d"). Header-only Debian packages
# (nlohmann-json3-dev, libstb-dev) are used from /usr/include through a folder that holds only
# them: /usr/include itself is the host's and must not reach emscripten's compiler. GLFW and
# OpenGL ES 3 are emscripten's own (-sUSE_GLFW=3, WebGL 2). Nothing is downloaded by the build.

# C++ exceptions caught as natively (emscripten's default only aborts on a throw: the app
# reports a bad scene or link by catching its exception); std::bit_cast for emscripten's
# libc++ 13 (web/include/libcxx13_compat.hpp).
add_compile_options(-fexceptions
    "$<$<COMPILE_LANGUAGE:CXX>:SHELL:-include ${PROJECT_SOURCE_DIR}/web/include/libcxx13_compat.hpp>")
add_link_options(-fexceptions)

set(CCDLAB_WEB_SOURCES "${PROJECT_SOURCE_DIR}/build/web-sources" CACHE PATH
    "The sources web/fetch_sources.sh unpacked")
foreach(folder imgui zlib box2d)
    if(NOT EXISTS "${CCDLAB_WEB_SOURCES}/${folder}")
        message(FATAL_ERROR "${CCDLAB_WEB_SOURCES}/${folder} is missing: run "
                            "web/fetch_sources.sh ${CCDLAB_WEB_SOURCES} (./dev.sh web does)")
    endif()
endforeach()

# Debian's header-only packages, each linked alone into a folder of host headers.
set(CCDLAB_HOST_HEADERS "${CMAKE_BINARY_DIR}/host-headers")
file(MAKE_DIRECTORY "${CCDLAB_HOST_HEADERS}")
foreach(header nlohmann stb_image_write.h)
    set(host_path /usr/include/${header})
    if(header STREQUAL "stb_image_write.h")
        set(host_path /usr/include/stb/stb_image_write.h)
    endif()
    if(NOT EXISTS "${host_path}")
        message(FATAL_ERROR "${host_path} is missing (nlohmann-json3-dev, libstb-dev)")
    endif()
    file(CREATE_LINK "${host_path}" "${CCDLAB_HOST_HEADERS}/${header}" SYMBOLIC)
endforeach()
add_library(nlohmann_json INTERFACE)
target_include_directories(nlohmann_json SYSTEM INTERFACE "${CCDLAB_HOST_HEADERS}")
add_library(nlohmann_json::nlohmann_json ALIAS nlohmann_json)

# stb_image_write: PNG screenshots (libstb-dev's shared library holds it natively).
file(WRITE "${CMAKE_BINARY_DIR}/stb_image_write.c"
     "#define STB_IMAGE_WRITE_IMPLEMENTATION\n#include <stb_image_write.h>\n")
add_library(stb_image_write STATIC "${CMAKE_BINARY_DIR}/stb_image_write.c")
target_include_directories(stb_image_write SYSTEM PUBLIC "${CCDLAB_HOST_HEADERS}")

# zlib: what raw DEFLATE and inflate need.
set(zlib_dir "${CCDLAB_WEB_SOURCES}/zlib")
add_library(zlib STATIC
    ${zlib_dir}/adler32.c ${zlib_dir}/crc32.c ${zlib_dir}/deflate.c ${zlib_dir}/inffast.c
    ${zlib_dir}/inflate.c ${zlib_dir}/inftrees.c ${zlib_dir}/trees.c ${zlib_dir}/zutil.c)
target_include_directories(zlib SYSTEM PUBLIC "${zlib_dir}")
target_compile_definitions(zlib PRIVATE HAVE_UNISTD_H HAVE_STDARG_H)
add_library(ZLIB::ZLIB ALIAS zlib)

# Box2D: all of its library sources, as Debian's libbox2d builds them.
set(box2d_dir "${CCDLAB_WEB_SOURCES}/box2d")
file(GLOB_RECURSE box2d_sources CONFIGURE_DEPENDS "${box2d_dir}/src/*.cpp")
add_library(box2d STATIC ${box2d_sources})
target_include_directories(box2d SYSTEM PUBLIC "${box2d_dir}/include")
target_include_directories(box2d PRIVATE "${box2d_dir}/src")
add_library(box2d::box2d ALIAS box2d)

# Dear ImGui with its backends: GLFW (emscripten's) and OpenGL 3 as OpenGL ES 3 (WebGL 2, GLSL
# "#version 300 es"). `glad`: the native build's OpenGL loader; here web/include/glad/gl.h
# includes OpenGL ES 3's header instead (WebGL needs no loader).
set(imgui_dir "${CCDLAB_WEB_SOURCES}/imgui")
add_library(imgui_web STATIC
    ${imgui_dir}/imgui.cpp ${imgui_dir}/imgui_draw.cpp ${imgui_dir}/imgui_tables.cpp
    ${imgui_dir}/imgui_widgets.cpp ${imgui_dir}/backends/imgui_impl_glfw.cpp
    ${imgui_dir}/backends/imgui_impl_opengl3.cpp)
target_include_directories(imgui_web SYSTEM PUBLIC "${imgui_dir}" "${imgui_dir}/backends")
target_compile_definitions(imgui_web PUBLIC IMGUI_IMPL_OPENGL_ES3)
target_link_options(imgui_web PUBLIC -sUSE_GLFW=3 -sMAX_WEBGL_VERSION=2 -sMIN_WEBGL_VERSION=2)
add_library(glad INTERFACE)
target_include_directories(glad SYSTEM INTERFACE "${PROJECT_SOURCE_DIR}/web/include")
