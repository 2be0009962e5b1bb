#pragma once

#include "core/Result.h"
#include "storage/Backend.h"
#include "storage/FileIdentity.h"
#include "storage/ServerConnection.h"
#include "storage/ServerKnock.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace engram {

class MemoryLocation;

// The one SQLite file that holds every tier of every user. Opens or creates it with WAL,
// foreign keys, a busy timeout and secure delete; migrates it by PRAGMA user_version; and
// refuses, with a clear message, a file that is not an Engram database or is damaged — it never
// overwrites such a file. The file and its -wal and -shm are the user's alone (0600); a new file
// appears under its name only once it is a whole, migrated database. A Database is used only on
// the thread that opened it.
//
// Or the one PostgreSQL database on a server that holds every tier of every user (a team's, or
// one person's several devices'): the same schema as numbered migrations of its own, run under
// an advisory lock so that two clients starting together migrate once. What differs between the
// two engines is the Backend's.
class Database final
{
public:
    enum class Access
    {
        ReadWrite, // creates the file when missing, migrates it, tightens its permissions
        ReadOnly,  // never writes, so it needs no lock and works on a read-only file or mount
    };

    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    // Opens (creating if absent) the database at `path`, migrated to the newest schema. ReadOnly
    // opens an existing file only (NotFound otherwise); a file of an older schema is migrated
    // first when it can be written, and refused when it cannot.
    static Result<std::unique_ptr<Database>> open(const QString& path, Access access = Access::ReadWrite);
    // The file or the server `location` names. A server is never created: its database must
    // exist (an administrator's step, docs/SERVER.md); its tables are.
    static Result<std::unique_ptr<Database>> open(const MemoryLocation& location, Access access = Access::ReadWrite);
    // For tests of migrations: opens and migrates only up to `version`.
    static Result<std::unique_ptr<Database>> openAtVersion(const QString& path, int version);
    // The same for the file or the server `location` names (a server's versions are its own).
    static Result<std::unique_ptr<Database>> openAtVersion(const MemoryLocation& location, int version);

    // The schema version this build writes.
    static int latestVersion();
    // The default file: DataFolder::defaultFolder()/engram.sqlite, or $ENGRAM_DB when it names a
    // file (MemoryLocation decides). Opening it moves the memory of an earlier version into that
    // folder first (DataFolder::moveLegacy).
    static QString defaultPath();

    const QSqlDatabase& connection() const { return m_db; }
    const Backend& backend() const { return *m_backend; }
    // The file's path, or the server's URL (without its options) for messages.
    QString path() const { return m_path; }
    bool isServer() const { return m_backend->isServer(); }
    int schemaVersion() const;
    // SQLite's data_version: it changes when another connection (another process) commits.
    qint64 dataVersion() const;
    bool readOnly() const { return m_readOnly; }

    // How often the connection to the server was made again after it was lost, and how often that
    // was tried (once per lost statement at most, and not while ReconnectBackoff says wait).
    int reconnects() const;
    int reconnectTries() const;

    // For a caller that must not wait on the network (the app's window): a lost server is tried
    // again on a thread of its own (ServerKnock), and connected to on the caller's only once it
    // answered. Otherwise each try blocks the caller for as long as connecting takes: up to
    // connect_timeout, ten seconds, for a host that drops packets. A statement that finds the
    // connection lost fails meanwhile, as it does while ReconnectBackoff says wait.
    void tryServerInBackground();
    bool triesServerInBackground() const { return m_knock != nullptr; }
    // Whether such a try is under way now.
    bool tryingServer() const;

    // Whether a transaction is open (a retry of its work must wait for the outermost one).
    bool inTransaction() const { return m_depth > 0; }

    // Nestable: only the outermost begin/commit reach SQLite. Prefer the Transaction guard.
    Status beginTransaction();
    Status commit();
    void rollback();

    // A rolling backup of the file (Backups) before a change that replaces or erases a memory. A
    // server's memory is its administrator's to back up (pg_dump): nothing is done there.
    Status backUp() const;

    // Writes the WAL back into the main file and truncates the WAL (after deletes, so erased text
    // is gone from every file on disk).
    Status checkpoint();
    // Copies the WAL's new pages into the main file once kCommitsPerCheckpoint commits piled up
    // (PASSIVE: never waits for readers). For moments nobody waits on, such as after a reply is
    // stored: SQLite's own checkpoint runs inside whichever commit crosses its threshold of 1,000
    // pages, and with a sync it took a few milliseconds of the commits of a user's message.
    Status checkpointIfDue();
    static constexpr int kCommitsPerCheckpoint = 16;

private:
    Database() = default;
    static Result<std::unique_ptr<Database>> connect(const QString& path, Access access, int version);
    // `version` < 0: the newest schema.
    static Result<std::unique_ptr<Database>> connectServer(const MemoryLocation& location, Access access, int version);
    Status configureServer();
    // After a failed statement on a server (see sql::setRecovery): makes a lost connection again
    // and says whether the statement may run once more.
    bool recoverServer();
    static Status create(const QString& path, int version);
    Status configure();
    Status migrateTo(int version);

    // Runs BEGIN IMMEDIATE, COMMIT or ROLLBACK, each prepared once: a turn commits several times.
    Status runCached(std::optional<QSqlQuery>& cache, const QString& statement);

    QSqlDatabase m_db;
    std::unique_ptr<Backend> m_backend;
    std::unique_ptr<ServerConnection> m_server;
    std::unique_ptr<ServerKnock> m_knock;                     // tryServerInBackground()
    std::vector<std::unique_ptr<ServerConnection>> m_retired; // lost ones, for their queries' sake
    int m_reconnects{};
    int m_reconnectTries{};
    ReconnectBackoff m_backoff;
    std::optional<QSqlQuery> m_begin;
    std::optional<QSqlQuery> m_commit;
    std::optional<QSqlQuery> m_rollback;
    QString m_connectionName;
    QString m_path;
    int m_depth{};
    bool m_begun{}; // BEGIN went through: the server holds a transaction of this connection
    int m_commitsSinceCheckpoint{};
    bool m_rollbackOnly{};
    bool m_readOnly{};
    // What the path named when opened: a write into a file whose folder was removed meanwhile
    // would vanish at exit, so it is refused instead.
    FileIdentity m_file;
};

// Scope guard for a transaction: commit() saves; leaving the scope without it rolls back.
// Nested use joins the outer one; a failed inner step makes the whole transaction roll back.
class Transaction final
{
public:
    explicit Transaction(Database& db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    Status begin();
    Status commit();

private:
    Database& m_db;
    bool m_open{};
};

} // namespace engram
