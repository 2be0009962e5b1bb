# CPack: one Debian package, "engram", with the desktop app and engram-cli. scripts/package.sh
# builds it. Library dependencies are computed by dpkg-shlibdeps; only what Qt loads as plugins
# at run time, which no linker sees, is listed by hand.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME engram)
set(CPACK_PACKAGE_VENDOR "The Engram authors")
set(CPACK_PACKAGE_CONTACT "${ENGRAM_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "AI assistant that remembers you across conversations")
# Debian shows the long description as it is: lines under 80 characters.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
    "Engram is a desktop chat assistant, in English and in Chinese, that remembers"
    "its user from one conversation to the next. It talks to any OpenAI-compatible"
    "model endpoint and keeps three tiers of memory (working, episodic and"
    "semantic) in one local SQLite file. A panel shows every remembered item and"
    "lets the user pin, edit, delete, export, import and clear it; engram-cli"
    "gives the same memory operations to scripts.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${ENGRAM_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# dlopen()ed by Qt: the SQLite driver (the memory file), the window system plugins (xcb, wayland)
# and the SVG icon engine.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite, qt6-qpa-plugins, libqt6svg6")
# Qt's own strings (dialog buttons) in Chinese.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/" "/\\\\.cache/")

include(CPack)
