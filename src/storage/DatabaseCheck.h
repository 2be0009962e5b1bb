#pragma once

#include <QString>

#include <chrono>

namespace engram {

// Whether an Engram memory file (or a backup of one) is whole, read-only: nothing is written to
// the file. The quick check (`PRAGMA quick_check`, page structure without index contents) runs at
// start within a time budget; the full check (`PRAGMA integrity_check`) runs on request and
// before a backup is kept or restored.
class DatabaseCheck final
{
public:
    enum class Depth
    {
        Quick,
        Full,
    };

    struct Verdict
    {
        enum class State
        {
            Ok,         // whole, an Engram file of a schema this build knows (or no file yet)
            Unfinished, // nothing wrong so far, but the quick check ran out of its time budget
            Damaged,    // not a database any more, or its pages or indexes are broken
            Unreadable, // the file exists but cannot be opened or read (permissions, I/O error)
            NotEngram,  // a whole SQLite file of another program, or of a newer Engram
        };
        State state{State::Ok};
        QString detail; // SQLite's own words: the first problems the check found
        int schemaVersion{};

        bool usable() const { return state == State::Ok || state == State::Unfinished; }
    };

    // How long the quick check at start may take; a file it cannot finish in time is opened as
    // it is (nothing was wrong in what the check read; its schema was read whole), and
    // the full check stays in Help. quick_check is O(size): 15.5 s for a 167 MB file on the
    // shared 2-core build machine under load (integrity_check: 90 s), so unbounded it would keep
    // a large memory's window from opening.
    static constexpr std::chrono::milliseconds kQuickBudget{2000};

    static Verdict check(const QString& path, Depth depth, std::chrono::milliseconds budget = kQuickBudget);
};

} // namespace engram
