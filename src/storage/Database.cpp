#include "storage/Database.h"

#include "core/FileSafety.h"
#include "core/SearchTokenizer.h"
#include "storage/Backups.h"
#include "storage/DataFolder.h"
#include "storage/MemoryLocation.h"
#include "storage/Migrations.h"
#include "storage/ServerBackend.h"
#include "storage/ServerConnection.h"
#include "storage/Sql.h"
#include "storage/SqliteBackend.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QSqlDriver>
#include <QSqlError>
#include <QUrl>
#include <QtEndian>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

Q_DECLARE_LOGGING_CATEGORY(lcStorage)

namespace engram {
namespace {

QAtomicInt g_connectionCounter;

// engram_search_text(text): the search tokens SearchTokenizer writes for `text` (indexText), for
// the migrations that write stored search text again after the tokenizer changed.
void searchText(sqlite3_context* context, int /*argc*/, sqlite3_value** argv)
{
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
        sqlite3_result_null(context);
        return;
    }
    const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
    const QByteArray tokens =
        SearchTokenizer::indexText(QString::fromUtf8(text, sqlite3_value_bytes(argv[0]))).toUtf8();
    sqlite3_result_text(context, tokens.constData(), static_cast<int>(tokens.size()), SQLITE_TRANSIENT);
}

// greatest(a, b, ...): the largest of the numbers that are not NULL, as PostgreSQL's GREATEST,
// so that a statement is written once for both engines (SQLite's max() of several is NULL when
// any is).
void greatest(sqlite3_context* context, int argc, sqlite3_value** argv)
{
    sqlite3_value* best = nullptr;
    for (int i = 0; i < argc; ++i) {
        if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
            continue;
        if (!best || sqlite3_value_double(argv[i]) > sqlite3_value_double(best))
            best = argv[i];
    }
    if (best)
        sqlite3_result_value(context, best);
    else
        sqlite3_result_null(context);
}

Status addFunctions(const QSqlDatabase& db)
{
    const QVariant handle = db.driver()->handle();
    if (qstrcmp(handle.typeName(), "sqlite3*") != 0 || !*static_cast<sqlite3* const*>(handle.constData()))
        return Error::database(QStringLiteral("The SQLite driver gave no connection handle"));
    sqlite3* connection = *static_cast<sqlite3* const*>(handle.constData());
    const int rc = sqlite3_create_function_v2(connection, "engram_search_text", 1,
                                              SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, nullptr,
                                              &searchText, nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK)
        return Error::database(
            QStringLiteral("Cannot add engram_search_text: %1").arg(QString::fromUtf8(sqlite3_errstr(rc))));
    const int rcGreatest = sqlite3_create_function_v2(connection, "greatest", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                                      nullptr, &greatest, nullptr, nullptr, nullptr);
    if (rcGreatest != SQLITE_OK)
        return Error::database(
            QStringLiteral("Cannot add greatest: %1").arg(QString::fromUtf8(sqlite3_errstr(rcGreatest))));
    return {};
}

// Checks the 100-byte SQLite header without SQLite, so that a foreign or truncated file is
// refused before anything could write to it.
Status checkHeader(const QString& path)
{
    QFile file(path);
    if (!file.exists())
        return {};
    if (file.size() == 0) {
        // SQLite would take an empty file for a new database and write into it. Engram never
        // leaves one (a new file is made whole under another name first), so an empty file is a
        // memory that lost its content, or someone else's: keep it as it is. Only pages still
        // in a -wal beside it can make it a database again.
        if (QFileInfo(path + QStringLiteral("-wal")).size() > 0)
            return {};
        return Error{Error::Code::NotEngram,
                     QStringLiteral("%1 is empty (0 bytes), so it is not an Engram memory (or it lost its content). "
                                    "This file was left untouched; move it aside to start a new memory there.")
                         .arg(QDir::toNativeSeparators(path))};
    }
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

// SQLite would open a file it cannot write read-only without a word and fail later, at the first
// write, with a message about something else. Say it before: the file can still be read.
Status checkWritable(const QFileInfo& file)
{
    for (const QString& path : {file.absoluteFilePath(), file.absolutePath()}) {
        if (::access(QFile::encodeName(path).constData(), W_OK) != 0) {
            return Error{Error::Code::Io, QStringLiteral("The memory %1 is read-only (%2): it can be read and exported "
                                                         "(engram-cli export), not changed.")
                                              .arg(QDir::toNativeSeparators(file.absoluteFilePath()),
                                                   QString::fromLocal8Bit(std::strerror(errno)))};
        }
    }
    return {};
}

} // namespace

Database::~Database()
{
    if (m_server) {
        sql::clearRecovery(m_db.driver());
        m_begin.reset();
        m_commit.reset();
        m_rollback.reset();
        m_db = QSqlDatabase();
        m_server.reset();
        m_retired.clear();
        return;
    }
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
    // $ENGRAM_DB is read by MemoryLocation alone; a server named there has no file.
    const auto location = MemoryLocation::resolve();
    return location && location->isFile() ? location->filePath() : MemoryLocation::defaultFile().filePath();
}

Result<std::unique_ptr<Database>> Database::open(const QString& path, Access access)
{
    // The default memory of an earlier version is moved into the default folder first.
    if (QFileInfo(path).absolutePath() == QFileInfo(DataFolder::defaultFolder()).absoluteFilePath()) {
        if (auto moved = DataFolder::moveLegacy(DataFolder::defaultFolder()); !moved)
            return Error{moved.error().code,
                         QStringLiteral("The memory of an earlier version could not be moved "
                                        "to %1: %2")
                             .arg(QDir::toNativeSeparators(DataFolder::defaultFolder()), moved.errorMessage())};
    }
    if (access == Access::ReadWrite)
        return openAtVersion(path, latestVersion());
    if (!QFileInfo(path).isFile())
        return Error{Error::Code::NotFound,
                     QStringLiteral("There is no memory at %1").arg(QDir::toNativeSeparators(path))};
    if (auto st = checkHeader(path); !st)
        return st.error();
    auto db = connect(path, Access::ReadOnly, -1);
    if (!db || (*db)->schemaVersion() >= latestVersion())
        return db;
    // A file of an older Engram: reading it needs the newest schema, so upgrade it once.
    db.value().reset(); // the reader goes before the writer comes
    auto writer = openAtVersion(path, latestVersion());
    if (!writer)
        return Error{writer.error().code, QStringLiteral("%1 was written by an older Engram and must be upgraded "
                                                         "before it can be read, but: %2")
                                              .arg(QDir::toNativeSeparators(path), writer.errorMessage())};
    writer.value().reset();
    return connect(path, Access::ReadOnly, -1);
}

Result<std::unique_ptr<Database>> Database::open(const MemoryLocation& location, Access access)
{
    if (location.isFile())
        return open(location.filePath(), access);
    return connectServer(location, access, -1);
}

Result<std::unique_ptr<Database>> Database::openAtVersion(const MemoryLocation& location, int version)
{
    if (location.isFile())
        return openAtVersion(location.filePath(), version);
    return connectServer(location, Access::ReadWrite, version);
}

Result<std::unique_ptr<Database>> Database::connectServer(const MemoryLocation& location, Access access, int version)
{
    auto server = ServerConnection::open(location);
    if (!server)
        return server.error();
    std::unique_ptr<Database> db(new Database);
    db->m_backend = std::make_unique<ServerBackend>();
    db->m_server = std::move(server).value();
    db->m_db = db->m_server->connection();
    db->m_path = location.describe();
    db->m_readOnly = access == Access::ReadOnly;
    if (auto st = db->configureServer(); !st)
        return st.error();
    const int latest = static_cast<int>(db->m_backend->migrations().size());
    if (!db->m_readOnly) {
        if (auto st = db->migrateTo(version < 0 ? latest : version); !st)
            return st.error();
    } else if (db->schemaVersion() < latest) {
        return Error{Error::Code::NotEngram,
                     QStringLiteral("The memory on %1 was written by an older Engram; open it once for writing "
                                    "to upgrade it.")
                         .arg(db->m_path)};
    }
    if (auto st = static_cast<ServerBackend&>(*db->m_backend).listen(db->m_db); !st)
        return st.error();
    Database* raw = db.get();
    sql::setRecovery(db->m_db.driver(), [raw] { return raw->recoverServer(); });
    return db;
}

bool Database::recoverServer()
{
    if (m_server->alive())
        return false; // the statement's own error
    const bool wasInTransaction = m_begun;
    m_begun = false;
    // A new connection, not the old one opened again: the stores' prepared statements belong to
    // the old one (the server forgot them with it), and Qt's driver would try to free them on
    // the new one inside the next transaction, which that failure would abort. They are made
    // again on the new one as they are next used (sql::runCached).
    // One try, and none while the backoff says wait: each blocks the caller for as long as
    // connecting takes. With tryServerInBackground, the try is a knock on a thread of its own,
    // and the connection is made on a later statement, once the server answered.
    if (!m_backoff.mayTry())
        return false;
    if (m_knock) {
        QString why;
        switch (m_knock->take(&why)) {
        case ServerKnock::State::Knocking:
            return false;
        case ServerKnock::State::Idle:
            m_knock->start();
            ++m_reconnectTries;
            return false;
        case ServerKnock::State::Silent:
            m_backoff.failed();
            qCWarning(lcStorage) << "the memory server stays unreachable:" << why;
            return false;
        case ServerKnock::State::Answered:
            break; // connecting now waits for no longer than a login takes
        }
    } else {
        ++m_reconnectTries;
    }
    auto fresh = ServerConnection::open(m_server->location());
    if (!fresh) {
        m_backoff.failed();
        qCWarning(lcStorage) << "the memory server stays unreachable:" << fresh.errorMessage();
        return false;
    }
    m_backoff.succeeded();
    sql::clearRecovery(m_db.driver());
    m_retired.push_back(std::move(m_server)); // its queries live on in the stores until remade
    m_server = std::move(fresh).value();
    m_db = m_server->connection();
    ++m_reconnects;
    if (auto st = static_cast<ServerBackend&>(*m_backend).listen(m_db); !st)
        qCWarning(lcStorage) << "cannot listen for other clients' changes again:" << st.errorMessage();
    sql::setRecovery(m_db.driver(), [this] { return recoverServer(); });
    qCInfo(lcStorage) << "connection to the memory server made again";
    // A transaction's work went with the old connection: it fails, and its caller may try again.
    return !wasInTransaction;
}

int Database::reconnects() const
{
    return m_reconnects;
}

int Database::reconnectTries() const
{
    return m_reconnectTries;
}

void Database::tryServerInBackground()
{
    if (m_server && !m_knock)
        m_knock = std::make_unique<ServerKnock>(m_server->location());
}

bool Database::tryingServer() const
{
    return m_knock && m_knock->knocking();
}

Status Database::configureServer()
{
    auto version = m_backend->schemaVersion(m_db);
    if (!version)
        return version.error();
    const int latest = static_cast<int>(m_backend->migrations().size());
    if (*version == 0) {
        // A database of another program is left alone: Engram's tables must not mix with others.
        auto tables = sql::scalar(m_db, QStringLiteral("SELECT count(*) FROM information_schema.tables "
                                                       "WHERE table_schema = current_schema()"));
        if (!tables)
            return tables.error();
        if (tables->toInt() > 0)
            return Error{Error::Code::NotEngram,
                         QStringLiteral("The database %1 holds tables of another program, not an Engram memory. "
                                        "It was left untouched; give Engram a database of its own.")
                             .arg(m_path)};
        if (m_readOnly)
            return Error{Error::Code::NotFound, QStringLiteral("There is no memory on %1 yet").arg(m_path)};
    }
    if (*version > latest)
        return Error{Error::Code::NotEngram,
                     QStringLiteral("The memory on %1 was written by a newer Engram (schema %2; this version knows "
                                    "up to %3). Update Engram to use it.")
                         .arg(m_path)
                         .arg(*version)
                         .arg(latest)};
    return {};
}

Result<std::unique_ptr<Database>> Database::openAtVersion(const QString& path, int version)
{
    if (auto st = checkHeader(path); !st)
        return st.error();
    const QFileInfo info(path);
    if (auto st = files::ensurePrivateDir(info.absolutePath()); !st)
        return st.error();
    if (!info.exists()) {
        if (auto st = create(info.absoluteFilePath(), version); !st)
            return st.error();
    } else if (auto st = checkWritable(info); !st) {
        return st.error();
    }
    auto db = connect(path, Access::ReadWrite, version);
    if (!db)
        return db;
    // Existing installs made under a looser umask are tightened here, at every start.
    if (auto st = files::makeDatabasePrivate((*db)->m_path); !st)
        return st.error();
    if (QFileInfo(defaultPath()).absolutePath() == info.absolutePath()) {
        if (auto st = files::ensurePrivateDir(info.absolutePath()); !st)
            return st.error();
    }
    return db;
}

Status Database::create(const QString& path, int version)
{
    // Built under a temporary name and linked into place once whole: a crash while creating
    // leaves no empty or half-made file under the real name (and an empty file is refused).
    const QFileInfo info(path);
    const QString temp = info.absolutePath() + QStringLiteral("/.") + info.fileName() +
                         QStringLiteral(".new-%1-%2")
                             .arg(QCoreApplication::applicationPid())
                             .arg(g_connectionCounter.fetchAndAddRelaxed(1));
    const auto removeTemp = [&temp] {
        for (const char* suffix : {"", "-wal", "-shm", "-journal"})
            QFile::remove(temp + QLatin1String(suffix));
    };
    // 0600 from the first byte: SQLite gives the -wal and -shm it creates the main file's mode.
    const int fd = ::open(QFile::encodeName(temp).constData(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0)
        return Error{Error::Code::Io,
                     QStringLiteral("Cannot create %1: %2")
                         .arg(QDir::toNativeSeparators(path), QString::fromLocal8Bit(std::strerror(errno)))};
    ::close(fd);
    {
        auto db = connect(temp, Access::ReadWrite, version);
        if (!db) {
            removeTemp();
            return db.error();
        }
    } // closing the only connection folds the WAL into the file and removes it
    const QByteArray from = QFile::encodeName(temp);
    const QByteArray to = QFile::encodeName(path);
    // link() never replaces: if another process created the file meanwhile, theirs stands.
    if (::link(from.constData(), to.constData()) != 0 && errno != EEXIST) {
        const int err = errno;
        removeTemp();
        return Error{Error::Code::Io,
                     QStringLiteral("Cannot create %1: %2")
                         .arg(QDir::toNativeSeparators(path), QString::fromLocal8Bit(std::strerror(err)))};
    }
    removeTemp();
    return files::syncDir(info.absolutePath());
}

Result<std::unique_ptr<Database>> Database::connect(const QString& path, Access access, int version)
{
    std::unique_ptr<Database> db(new Database);
    db->m_backend = std::make_unique<SqliteBackend>();
    db->m_path = QFileInfo(path).absoluteFilePath();
    db->m_readOnly = access == Access::ReadOnly;
    db->m_connectionName = QStringLiteral("engram-%1").arg(g_connectionCounter.fetchAndAddRelaxed(1));
    db->m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), db->m_connectionName);
    db->m_db.setDatabaseName(db->m_path);
    if (db->m_readOnly)
        db->m_db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
    if (!db->m_db.open())
        return Error{Error::Code::Database,
                     QStringLiteral("Cannot open %1: %2").arg(db->m_path, db->m_db.lastError().text())};
    auto configured = db->configure();
    if (!configured && db->m_readOnly && QFileInfo(db->m_path + QStringLiteral("-wal")).size() == 0) {
        // A WAL database in a folder that cannot be written (a read-only mount) cannot get its
        // -shm. With no -wal holding newer pages, the file alone is the whole memory: read it
        // as immutable, which needs neither.
        db->m_db.close();
        QUrl uri = QUrl::fromLocalFile(db->m_path);
        uri.setQuery(QStringLiteral("immutable=1"));
        db->m_db.setDatabaseName(uri.toString(QUrl::FullyEncoded));
        db->m_db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI"));
        if (!db->m_db.open())
            return Error{Error::Code::Database,
                         QStringLiteral("Cannot open %1: %2").arg(db->m_path, db->m_db.lastError().text())};
        configured = db->configure();
    }
    if (!configured)
        return configured.error();
    if (auto st = addFunctions(db->m_db); !st)
        return st.error();
    if (version >= 0) {
        if (auto st = Backups::beforeMigration(db->m_path, db->schemaVersion(), version); !st)
            return st.error();
        if (auto st = db->migrateTo(version); !st)
            return st.error();
    }
    db->m_file = FileIdentity::of(db->m_path);
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

    if (m_readOnly && current == 0)
        return Error{Error::Code::NotEngram,
                     QStringLiteral("%1 holds no Engram memory (it is an empty database).").arg(name)};

    QStringList pragmas{
        QStringLiteral("PRAGMA foreign_keys = ON"),
        QStringLiteral("PRAGMA busy_timeout = 5000"),
        QStringLiteral("PRAGMA secure_delete = ON"),
        // FULL syncs the WAL at every commit: a memory acknowledged to the user survives a power
        // cut, not only a crash of the process (NORMAL would lose the commits since the last
        // checkpoint). Its cost is measured in docs/RELIABILITY.md.
        QStringLiteral("PRAGMA synchronous = FULL"),
        QStringLiteral("PRAGMA temp_store = MEMORY"),
        // A 32 MB page cache keeps the FTS index and the hot rows of a large memory in the process,
        // instead of a pread and a copy from the OS for every page a search touches.
        QStringLiteral("PRAGMA cache_size = -32768"),
    };
    // Changing the journal mode writes the header: a read-only connection takes the file as it is.
    if (!m_readOnly)
        pragmas.prepend(QStringLiteral("PRAGMA journal_mode = WAL"));
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
    const auto& migrations = m_backend->migrations();
    for (;;) {
        Transaction tx(*this);
        if (auto st = tx.begin(); !st)
            return st;
        // Read inside the transaction: on a server another client may have migrated meanwhile.
        if (auto st = m_backend->lockSchema(m_db); !st)
            return st;
        auto current = m_backend->schemaVersion(m_db);
        if (!current)
            return current.error();
        const int v = *current;
        if (v >= version || v >= static_cast<int>(migrations.size()))
            return tx.commit();
        for (const QString& statement : migrations[static_cast<std::size_t>(v)]) {
            if (auto st = sql::execute(m_db, statement); !st)
                return Error::database(
                    QStringLiteral("Migration to schema %1 failed: %2").arg(v + 1).arg(st.errorMessage()));
        }
        if (auto st = m_backend->setSchemaVersion(m_db, v + 1); !st)
            return st;
        if (auto st = tx.commit(); !st)
            return st;
    }
}

qint64 Database::dataVersion() const
{
    return m_backend->dataVersion(m_db);
}

int Database::schemaVersion() const
{
    auto v = m_backend->schemaVersion(m_db);
    return v ? *v : -1;
}

Status Database::beginTransaction()
{
    if (m_depth++ > 0)
        return {};
    m_rollbackOnly = false;
    if (auto st = m_file.check(); !st) {
        m_depth = 0;
        return st;
    }
    if (auto st = runCached(m_begin, m_backend->beginStatement()); !st) {
        m_depth = 0;
        m_begun = false;
        return Error::database(QStringLiteral("Cannot start a transaction: %1").arg(st.errorMessage()));
    }
    m_begun = true;
    return {};
}

Status Database::commit()
{
    if (m_depth == 0)
        return Error::database(QStringLiteral("commit without a transaction"));
    if (--m_depth > 0)
        return {};
    m_begun = false;
    if (m_rollbackOnly) {
        (void)runCached(m_rollback, QStringLiteral("ROLLBACK"));
        return Error::database(QStringLiteral("An inner step failed; nothing was saved"));
    }
    if (auto st = runCached(m_commit, QStringLiteral("COMMIT")); !st) {
        // Most failed COMMITs have rolled back already; a busy one leaves the transaction open.
        // Either way it must end here, and "no transaction is active" is no error worth a word.
        (void)sql::tryRunCached(m_rollback, m_db, QStringLiteral("ROLLBACK"));
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
    m_begun = false;
    // SQLite may have ended the transaction itself (a full disk, an I/O error): then there is
    // nothing to roll back, which is no error worth a log line.
    (void)sql::tryRunCached(m_rollback, m_db, QStringLiteral("ROLLBACK"));
}

Status Database::runCached(std::optional<QSqlQuery>& cache, const QString& statement)
{
    return sql::runCached(cache, m_db, statement, {});
}

Status Database::backUp() const
{
    if (isServer())
        return {};
    auto backup = Backups(m_path).create();
    if (!backup)
        return backup.error();
    return {};
}

Status Database::checkpoint()
{
    m_commitsSinceCheckpoint = 0;
    if (isServer())
        return {}; // the server keeps its own write-ahead log
    return sql::execute(m_db, QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
}

Status Database::checkpointIfDue()
{
    if (m_depth > 0 || m_commitsSinceCheckpoint < kCommitsPerCheckpoint || isServer())
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
