# tmu as a CMake package: every library is tmu::NAME, in the build tree (an ALIAS) and after `cmake --install`
# (`find_package(tmu)`, tmuConfig.cmake). Headers are included as in the tree, `#include "texunit/texture_unit.h"`:
# installed under include/tmu/, with that directory on the users' include path.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TMU_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/tmu)
set(TMU_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/tmu)

# A library of tmu's (src/CMakeLists.txt): tmu_NAME is tmu::NAME; its users get src/ (installed: include/tmu) on
# their include path and C++20; it is built with tmu's warnings; it is installed and exported.
function(tmu_library target)
  string(REGEX REPLACE "^tmu_" "" name ${target})
  target_include_directories(${target} PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/src>
                                              $<INSTALL_INTERFACE:${TMU_INSTALL_INCLUDEDIR}>)
  target_compile_features(${target} PUBLIC cxx_std_20)
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  add_library(tmu::${name} ALIAS ${target})
  tmu_target_warnings(${target})
  if(TMU_FUZZ)
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
  endif()
  set_property(GLOBAL APPEND PROPERTY TMU_LIBRARIES ${target})
endfunction()

# The install rules: the libraries (tmuTargets.cmake), the package files, and every header under src/ except the
# internal ones (`internal`: paths relative to src/; *_internal.h are internal by their name).
function(tmu_install_package internal)
  get_property(libraries GLOBAL PROPERTY TMU_LIBRARIES)
  install(TARGETS ${libraries} EXPORT tmuTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(EXPORT tmuTargets NAMESPACE tmu:: DESTINATION ${TMU_INSTALL_CMAKEDIR})

  file(GLOB_RECURSE headers CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/src/*.h
       ${PROJECT_SOURCE_DIR}/src/*.inc)
  foreach(header IN LISTS headers)
    if(header IN_LIST internal OR header MATCHES "_internal\\.h$")
      continue()
    endif()
    get_filename_component(dir ${header} DIRECTORY)
    install(FILES ${PROJECT_SOURCE_DIR}/src/${header} DESTINATION ${TMU_INSTALL_INCLUDEDIR}/${dir})
  endforeach()

  configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/tmuConfig.cmake.in ${PROJECT_BINARY_DIR}/tmuConfig.cmake
                                INSTALL_DESTINATION ${TMU_INSTALL_CMAKEDIR})
  # Before 1.0, a minor version may change the interfaces.
  write_basic_package_version_file(${PROJECT_BINARY_DIR}/tmuConfigVersion.cmake COMPATIBILITY SameMinorVersion)
  install(FILES ${PROJECT_BINARY_DIR}/tmuConfig.cmake ${PROJECT_BINARY_DIR}/tmuConfigVersion.cmake
          DESTINATION ${TMU_INSTALL_CMAKEDIR})
endfunction()
