#pragma once

#include "Output.h"
#include "core/Result.h"
#include "storage/MemoryLocation.h"

#include <QCommandLineParser>

#include <chrono>
#include <functional>
#include <memory>

namespace engram {
class MemoryService;
}

namespace engram::cli {

// The exit codes scripts can rely on.
enum ExitCode
{
    ExitOk = 0,
    ExitUsage = 1,
    ExitNotFound = 2,
    ExitInvalidInput = 3,
    ExitDatabase = 4,
    ExitModel = 5, // the model endpoint failed (the user's message stays stored)
};

// What a command does with the memory. Reading never takes the write lock (it works while
// another program writes, and on a read-only file), and a mistyped --user is reported, not
// silently made into a new, empty user.
enum class Access
{
    Create,  // may add the user (import, add-fact, chat, jobs)
    Change,  // changes an existing user's memory
    Read,    // reads an existing user's memory, read-only
    ReadAll, // reads the whole file (users), read-only
};

// What a command runs with: the output, the chosen database and user, and the memory service,
// opened only when a command first asks for it.
class CliContext final
{
public:
    // A file the user named (--db, $ENGRAM_DB) must have its folder; the default place is created
    // when missing.
    CliContext(Output& output, MemoryLocation location, QString userId, bool json, Access access);
    ~CliContext();

    Output& out() { return m_out; }
    bool json() const { return m_json; }
    const QString& userId() const { return m_userId; }
    const MemoryLocation& location() const { return m_location; }
    // The memory file (empty when the memory is on a server).
    const QString& databasePath() const { return m_location.filePath(); }

    // The service over the database, opened as the command's Access says: the user must exist,
    // or is created on first use.
    Result<MemoryService*> memory();

    // Reports the error on stderr and returns its exit code.
    int fail(const Error& error);
    // Reports a wrong use of the command line and returns ExitUsage.
    int usage(const QString& message);

private:
    // A writing command checks the file first, within this budget: whole for a memory of tens of
    // megabytes, the first part of a larger one (a script's every call must not take seconds).
    static constexpr std::chrono::milliseconds kCheckBudget{500};

    Status checkBeforeWriting() const;
    Status knownUser(MemoryService& memory) const;

    Output& m_out;
    MemoryLocation m_location;
    QString m_userId;
    bool m_json{};
    Access m_access{Access::Create};
    std::unique_ptr<MemoryService> m_memory;
};

// One command of engram-cli. Adding a command is adding one of these to a group's list
// (see Commands.h); the dispatcher does the parsing, --help and argument counting.
struct Command
{
    QString name;
    QString arguments; // the synopsis of its positional arguments, e.g. "ID TEXT"
    QString summary;   // one line for --help
    int minArguments{};
    int maxArguments{}; // -1: any number
    std::function<void(QCommandLineParser&)> addOptions;
    // Runs with the memory already open (the dispatcher reports a database it cannot open).
    std::function<int(CliContext&, MemoryService&, const QCommandLineParser&)> run;
    Access access{Access::Create};
    // Instead of run, for commands on the memory file itself (backup, restore): the dispatcher
    // does not open the memory, which may be damaged or about to be replaced.
    std::function<int(CliContext&, const QCommandLineParser&)> runOnFile{};
    // Instead of run, for commands that open the memories they name themselves (migrate): --db is
    // not theirs.
    std::function<int(CliContext&, const QCommandLineParser&)> runOwn{};
};

} // namespace engram::cli
