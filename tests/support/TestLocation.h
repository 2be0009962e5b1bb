#pragma once

#include "storage/MemoryLocation.h"

#include <QString>

namespace engram::test {

// Whether the suite runs against PostgreSQL: ENGRAM_TEST_BACKEND=postgres, set by CTest for the
// "_pg" copies of the storage, memory, pipeline and CLI suites (label "postgres"), which
// scripts/with-postgres.sh runs beside a throwaway server (PGHOST, PGPORT, PGUSER, PGPASSWORD).
bool onServer();

// Skips the current test function when it checks something only an SQLite file has (its bytes,
// its WAL, its header), saying so; on a file it does nothing.
#define ENGRAM_FILE_ONLY(why)                                                                                          \
    do {                                                                                                               \
        if (engram::test::onServer())                                                                                  \
            QSKIP("SQLite file only: " why);                                                                           \
    } while (false)

// Where one test's memory lives: the file `fileName` in `dir`, or on a server a fresh database
// created for it (engram_test_PID_N) and dropped with the object. Without a server to reach,
// a server run fails at once and says why; it never falls back to a file.
class TestLocation final
{
public:
    TestLocation(const QString& dir, const QString& fileName = QStringLiteral("engram.sqlite"));
    ~TestLocation();
    TestLocation(const TestLocation&) = delete;
    TestLocation& operator=(const TestLocation&) = delete;

    const MemoryLocation& location() const { return m_location; }
    // The file's path, or the server URL (what --db takes).
    QString text() const { return m_text; }
    bool isServer() const { return !m_database.isEmpty(); }

    // The server goes away for this memory: its connections are cut and new ones refused, until
    // comeBack(). (Only on a server.)
    void goAway();
    void comeBack();

private:
    MemoryLocation m_location;
    QString m_text;
    QString m_database; // on a server
};

} // namespace engram::test
