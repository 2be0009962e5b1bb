#include "storage/ServerConnection.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QSqlError>
#include <QStringList>

namespace engram {
namespace {

QAtomicInt g_serverConnections;

} // namespace

ServerConnection::ServerConnection(MemoryLocation location)
    : m_location(std::move(location))
    , m_name(QStringLiteral("engram-server-%1").arg(g_serverConnections.fetchAndAddRelaxed(1)))
{}

ServerConnection::~ServerConnection()
{
    if (m_db.isValid()) {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_name);
    }
}

Error ServerConnection::lostMidChange() const
{
    return Error{Error::Code::Database,
                 QCoreApplication::translate("ServerConnection", "The connection to the memory server %1 was lost in "
                                                                 "the middle of a change; nothing of it was saved.")
                     .arg(where())};
}

QString ServerConnection::where() const
{
    return m_location.describe();
}

Result<std::unique_ptr<ServerConnection>> ServerConnection::open(const MemoryLocation& location)
{
    if (location.isFile())
        return Error::invalid(QStringLiteral("%1 is a file, not a server").arg(location.filePath()));
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return Error::database(QCoreApplication::translate("ServerConnection",
                                                           "Qt's PostgreSQL driver (QPSQL) is not installed; on Debian "
                                                           "it is the package libqt6sql6-psql."));
    std::unique_ptr<ServerConnection> server(new ServerConnection(location));
    if (auto st = server->connect(); !st)
        return st.error();
    return server;
}

Status ServerConnection::connect()
{
    if (m_db.isValid()) {
        m_db.close();
    } else {
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_name);
        m_db.setHostName(m_location.host());
        if (m_location.port() > 0)
            m_db.setPort(m_location.port());
        m_db.setDatabaseName(m_location.databaseName());
        m_db.setUserName(m_location.userName());
        if (!m_location.password().isEmpty())
            m_db.setPassword(m_location.password());
        QStringList options{QStringLiteral("application_name=engram")};
        if (!m_location.options().isEmpty())
            options.append(m_location.options());
        // A server that does not answer (a laptop away from the office network) is given up
        // after kConnectTimeoutSecs, not the two minutes of the system's TCP timeout, unless
        // the address says otherwise.
        if (m_location.option(u"connect_timeout").isNull())
            options.append(QStringLiteral("connect_timeout=%1").arg(kConnectTimeoutSecs));
        if (m_location.option(u"tcp_user_timeout").isNull())
            options.append(QStringLiteral("tcp_user_timeout=%1").arg(kUnacknowledgedMs));
        options.append(QStringLiteral("keepalives=1;keepalives_idle=30;keepalives_interval=5;keepalives_count=3"));
        m_db.setConnectOptions(options.join(QLatin1Char(';')));
    }
    if (!m_db.open())
        return Error{Error::Code::Database,
                     QCoreApplication::translate("ServerConnection", "The memory server %1 is unreachable: %2")
                         .arg(where(), m_db.lastError().text().trimmed())};
    QSqlQuery q(m_db);
    // A search reads the whole of a GIN index's pending list (the entries not yet merged into
    // it): at the default 4 MB, 300 ms a search after a bulk load, and most of that in the steady
    // state of a few writes a turn. At 64 kB (the least) it costs under a millisecond, and the
    // writes are still merged a batch at a time. A bulk load sets its own (ServerEpisodeIndex).
    if (!q.exec(QStringLiteral("SET TIME ZONE 'UTC'")) || !q.exec(QStringLiteral("SET gin_pending_list_limit = 64")) ||
        !q.exec(QStringLiteral("SELECT current_setting('server_version_num')::int")) || !q.next())
        return Error{Error::Code::Database,
                     QCoreApplication::translate("ServerConnection", "The memory server %1 did not answer: %2")
                         .arg(where(), q.lastError().text())};
    m_serverVersion = q.value(0).toInt();
    return {};
}

bool ServerConnection::alive()
{
    QSqlQuery q(m_db);
    return m_db.isOpen() && q.exec(QStringLiteral("SELECT 1")) && q.next();
}

Status ServerConnection::recover()
{
    return alive() ? Status{} : reconnect();
}

Status ServerConnection::reconnect()
{
    if (!m_backoff.mayTry())
        return Error{Error::Code::Database,
                     QCoreApplication::translate("ServerConnection",
                                                 "The memory server %1 is unreachable; it is tried again shortly.")
                         .arg(where())};
    if (auto st = connect(); !st) {
        m_backoff.failed();
        return st;
    }
    m_backoff.succeeded();
    ++m_reconnects;
    return {};
}

Result<QSqlQuery> ServerConnection::run(const QString& statement, const QVariantList& values, bool inTransaction)
{
    for (const QVariant& v : values) {
        if (v.typeId() == QMetaType::QStringList)
            return Error::invalid(QStringLiteral("A list cannot be bound as one value (Qt's PostgreSQL driver binds "
                                                 "it as nothing); pass an array literal or one value per row."));
    }
    if (!m_db.isOpen()) { // the driver gave up on it after an earlier failure
        if (inTransaction)
            return lostMidChange();
        if (auto st = reconnect(); !st)
            return st.error();
    }
    for (int round = 0; round < 2; ++round) {
        QSqlQuery q(m_db);
        bool ok = false;
        if (values.isEmpty()) {
            ok = q.exec(statement); // SHOW, SET and other utility statements cannot be PREPAREd
        } else {
            ok = q.prepare(statement); // QPSQL makes it a server-side PREPARE
            if (ok) {
                for (int i = 0; i < values.size(); ++i)
                    q.bindValue(i, values.at(i));
                ok = q.exec();
            }
        }
        if (ok)
            return q;
        const QString problem = q.lastError().text().trimmed();
        if (round > 0 || alive())
            return Error{Error::Code::Database, problem.isEmpty() ? QStringLiteral("The statement failed.") : problem};
        // The connection is gone.
        if (inTransaction)
            return lostMidChange();
        if (auto st = reconnect(); !st)
            return st.error();
    }
    return Error::database(QStringLiteral("unreachable"));
}

} // namespace engram
