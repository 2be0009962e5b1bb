#pragma once

#include <QtGlobal>

#include <functional>

namespace engram {
class Database;
}

namespace engram::test {

// How much work the database did on the episodes table while `change` ran, in a unit that grows
// with the rows read and not with time: on SQLite the steps of its virtual machine (every
// statement, those of triggers included), on PostgreSQL the episode rows its scans read (the
// server's own counters). For checks that an operation reads what it touches, not the user's
// whole memory; compare two sizes of memory, never a number of milliseconds.
qint64 episodeWork(Database& db, const std::function<void()>& change);

} // namespace engram::test
