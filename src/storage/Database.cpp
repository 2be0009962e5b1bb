#include "storage/Database.h"

#include "storage/Backups.h"
#include "storage/Migrations.h"
#include "storage/Sql.h"

#include <QAtomicInt>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlError>
#include <QStandardPaths>
#include <QtEndian>

namespace engram {
namespace {

QAtomicInt g_connectionCounter;

// Checks the 100-byte SQLite header without SQLite, so that a foreign or truncated file is
// refused before anything could write to it.
Status checkHeader(const QString& path)
{
    QFile file(path);
    if (!file.exists() || file.size() == 0)
        return {};
    if (!file.open(QIODevice::ReadOnly))
        return Error{Error::Code::Io, QStringLiteral("Cannot read %1: %2").arg(path, file.errorString())};
    const QByteArray header = file.read(100);
    const QString name = QDir::toNativeSeparators(path);
    if (header.size() < 100 || !header.startsWith(QByteArrayLiteral("SQLite format 3\0")))
        return Error{Error::Code::NotEngram, QStringLiteral("%1 is not an Engram database (it is not an SQLite file). "
                                                            "Choose another file; this one was left untouched.")
                                                 .arg(name)};
    const auto* bytes = reinterpret_cast<const uchar*>(header.constData());
    quint32 pageSize = qFromBigEndian<quint16>(bytes + 16);
    if (pageSize == 1)
        pageSize = 65536;
    const quint32 changeCounter = qFromBigEndian<quint32>(bytes + 24);
    const quint32 pageCount = qFromBigEndian<quint32>(bytes + 28);
    const quint32 validFor = qFromBigEndian<quint32>(bytes + 92);
    const bool walPresent = QFileInfo::exists(path + QStringLiteral("-wal"));
    if (!walPresent && validFor == changeCounter && pageCount > 0 &&
        static_cast<qint64>(pageCount) * pageSize > file.size())
        return Error{Error::Code::NotEngram,
                     QStringLiteral("%1 is damaged: the file is shorter than its header says (truncated). "
                                    "Restore it from a backup or an export; this file was left untouched.")
                         .arg(name)};
    return {};
}

} // namespace

Database::~Database()
{
    if (m_db.isValid()) {
        m_begin.reset();
        m_commit.reset();
        m_rollback.reset();
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connectionName);
    }
}

int Database::latestVersion()
{
    return static_cast<int>(schemaMigrations().size());
}

QString Database::defaultPath()
{
    const QString env = qEnvironmentVariable("ENGRAM_DB");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/engram.sqlite");
}

Result<std::unique_ptr<Database>> Database::open(const QString& path)
{
    return openAtVersion(path, latestVersion());
}

Result<std::unique_ptr<Database>> Database::openAtVersion(const QString& path, int version)
{
    if (auto st = checkHeader(path); !st)
        return st.error();
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return Error{Error::Code::Io, QStringLiteral("Cannot create the folder %1").arg(info.absolutePath())};

    std::unique_ptr<Database> db(new Database);
    db->m_path = info.absoluteFilePath();
    db->m_connectionName = QStringLiteral("engram-%1").arg(g_connectionCounter.fetchAndAddRelaxed(1));
    db->m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), db->m_connectionName);
    db->m_db.setDatabaseName(db->m_path);
    if (!db->m_db.open())
        return Error{Error::Code::Database,
                     QStringLiteral("Cannot open %1: %2").arg(db->m_path, db->m_db.lastError().text())};
    if (auto st = db->configure(); !st)
        return st.error();
    if (auto st = Backups::beforeMigration(db->m_path, db->schemaVersion(), version); !st)
        return st.error();
    if (auto st = db->migrateTo(version); !st)
        return st.error();
    return db;
}

Status Database::configure()
{
    const QString name = QDir::toNativeSeparators(m_path);
    // The first read of the schema tells a damaged or foreign file apart before any write.
    auto tables = sql::scalar(m_db, QStringLiteral("SELECT count(*) FROM sqlite_master"));
    if (!tables)
        return Error{Error::Code::NotEngram,
                     QStringLiteral("%1 is not a readable Engram database (%2). This file was left untouched.")
                         .arg(name, tables.errorMessage())};
    auto userVersion = sql::scalar(m_db, QStringLiteral("PRAGMA user_version"));
    if (!userVersion)
        return userVersion.error();
    const int current = userVersion->toInt();
    if (current == 0 && tables->toInt() > 0)
        return Error{Error::Code::NotEngram,
                     QStringLiteral("%1 is an SQLite database of another program, not Engram's. "
                                    "This file was left untouched.")
                         .arg(name)};
    if (current > 0) {
        auto app = sql::scalar(m_db, QStringLiteral("SELECT value FROM engram_meta WHERE key = 'application'"));
        if (!app || app->toString() != QLatin1String("engram"))
            return Error{Error::Code::NotEngram,
                         QStringLiteral("%1 is not an Engram database. This file was left untouched.").arg(name)};
    }
    if (current > latestVersion())
        return Error{Error::Code::NotEngram,
                     QStringLiteral("%1 was written by a newer Engram (schema %2; this version knows up to %3). "
                                    "Update Engram to open it.")
                         .arg(name)
                         .arg(current)
                         .arg(latestVersion())};

    const QStringList pragmas{
        QStringLiteral("PRAGMA foreign_keys = ON"),
        QStringLiteral("PRAGMA busy_timeout = 5000"),
        QStringLiteral("PRAGMA secure_delete = ON"),
        QStringLiteral("PRAGMA journal_mode = WAL"),
        QStringLiteral("PRAGMA synchronous = NORMAL"),
        QStringLiteral("PRAGMA temp_store = MEMORY"),
        // A 32 MB page cache keeps the FTS index and the hot rows of a large memory in the process,
        // instead of a pread and a copy from the OS for every page a search touches.
        QStringLiteral("PRAGMA cache_size = -32768"),
    };
    for (const QString& pragma : pragmas) {
        auto result = sql::run(m_db, pragma);
        if (!result)
            return Error{Error::Code::Database,
                         QStringLiteral("Cannot prepare %1: %2").arg(name, result.errorMessage())};
    }
    return {};
}

Status Database::migrateTo(int version)
{
    const auto& migrations = schemaMigrations();
    for (int v = schemaVersion(); v < version && v < static_cast<int>(migrations.size()); ++v) {
        Transaction tx(*this);
        if (auto st = tx.begin(); !st)
            return st;
        for (const QString& statement : migrations[static_cast<std::size_t>(v)]) {
            if (auto st = sql::execute(m_db, statement); !st)
                return Error::database(
                    QStringLiteral("Migration to schema %1 failed: %2").arg(v + 1).arg(st.errorMessage()));
        }
        if (auto st = sql::execute(m_db, QStringLiteral("PRAGMA user_version = %1").arg(v + 1)); !st)
            return st;
        if (auto st = tx.commit(); !st)
            return st;
    }
    return {};
}

int Database::schemaVersion() const
{
    auto v = sql::scalar(m_db, QStringLiteral("PRAGMA user_version"));
    return v ? v->toInt() : -1;
}

Status Database::beginTransaction()
{
    if (m_depth++ > 0)
        return {};
    m_rollbackOnly = false;
    // IMMEDIATE takes the write lock up front, so two processes (app and CLI) never deadlock.
    if (auto st = runCached(m_begin, QStringLiteral("BEGIN IMMEDIATE")); !st) {
        m_depth = 0;
        return Error::database(QStringLiteral("Cannot start a transaction: %1").arg(st.errorMessage()));
    }
    return {};
}

Status Database::commit()
{
    if (m_depth == 0)
        return Error::database(QStringLiteral("commit without a transaction"));
    if (--m_depth > 0)
        return {};
    if (m_rollbackOnly) {
        (void)runCached(m_rollback, QStringLiteral("ROLLBACK"));
        return Error::database(QStringLiteral("An inner step failed; nothing was saved"));
    }
    if (auto st = runCached(m_commit, QStringLiteral("COMMIT")); !st) {
        (void)runCached(m_rollback, QStringLiteral("ROLLBACK"));
        return Error::database(QStringLiteral("Cannot save the changes: %1").arg(st.errorMessage()));
    }
    ++m_commitsSinceCheckpoint;
    return {};
}

void Database::rollback()
{
    if (m_depth == 0)
        return;
    if (--m_depth > 0) {
        m_rollbackOnly = true;
        return;
    }
    (void)runCached(m_rollback, QStringLiteral("ROLLBACK"));
}

Status Database::runCached(std::optional<QSqlQuery>& cache, const QString& statement)
{
    return sql::runCached(cache, m_db, statement, {});
}

Status Database::checkpoint()
{
    m_commitsSinceCheckpoint = 0;
    return sql::execute(m_db, QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
}

Status Database::checkpointIfDue()
{
    if (m_depth > 0 || m_commitsSinceCheckpoint < kCommitsPerCheckpoint)
        return {};
    m_commitsSinceCheckpoint = 0;
    return sql::execute(m_db, QStringLiteral("PRAGMA wal_checkpoint(PASSIVE)"));
}

Transaction::Transaction(Database& db)
    : m_db(db)
{}

Transaction::~Transaction()
{
    if (m_open)
        m_db.rollback();
}

Status Transaction::begin()
{
    auto st = m_db.beginTransaction();
    m_open = st.ok();
    return st;
}

Status Transaction::commit()
{
    if (!m_open)
        return Error::database(QStringLiteral("commit without a transaction"));
    m_open = false;
    return m_db.commit();
}

} // namespace engram
