#pragma once

#include <QString>

namespace engram::test {

// A SQLite VFS that wraps the process's default one and can make writes fail as a full disk
// would. install() registers it as the default VFS, so every connection opened afterwards in
// this process goes through it, Qt's QSQLITE ones included (Debian's plugin links the system
// libsqlite3, the same library as this code).
//
// Counting covers every xWrite to every file SQLite opens (database, WAL, journals); a file
// whose name contains the filter (when set) is the only one counted and failed.
class FaultVfs final
{
public:
    // Registers the VFS as the default (once per process) and returns it, disarmed.
    static FaultVfs& install();

    // From the n-th write from now on (1 = the next one) every write fails with `sqliteError`
    // (SQLITE_FULL by default), until disarm(): a disk that stays full.
    void failFromWrite(int n, int sqliteError = 13 /* SQLITE_FULL */);
    // Makes writes succeed again (space was freed) and resets the count.
    void disarm();
    // Writes seen since the last failFromWrite() or disarm().
    int writes() const;
    // Writes refused since the last failFromWrite() or disarm().
    int refused() const;
    // Only files whose path contains `part` are counted and failed ("" = all).
    void setFileFilter(const QString& part);

private:
    FaultVfs() = default;
};

} // namespace engram::test
