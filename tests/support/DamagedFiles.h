#pragma once

#include <QString>

namespace engram::test {

// Damages an SQLite file the way a failing disk or a stray write does: `pages` pages from the
// middle of the file are overwritten with a pattern. Returns false when the file is too small.
bool overwritePagesMidFile(const QString& path, int pages = 3);

// The permission bits of a file or folder (e.g. 0600), or -1 when it does not exist.
int fileMode(const QString& path);

} // namespace engram::test
