#pragma once

#include "core/Result.h"
#include "storage/MemoryLocation.h"

#include <QDeadlineTimer>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariantList>

#include <algorithm>
#include <memory>

namespace engram {

// When a server that could not be reached may be tried again. A try blocks its caller (often the
// app's GUI thread) for as long as connecting takes, so a server that stays away is not tried on
// every statement: after a failed try, the next waits kFirstMs, doubling up to kMaxMs; until then
// a lost connection fails at once, and the caller keeps its work (TurnPipeline tries again).
class ReconnectBackoff final
{
public:
    static constexpr int kFirstMs = 500;
    static constexpr int kMaxMs = 30'000;

    bool mayTry() const { return m_notBefore.hasExpired(); }
    void failed()
    {
        m_notBefore.setRemainingTime(m_waitMs);
        m_waitMs = std::min(kMaxMs, m_waitMs * 2);
    }
    void succeeded() { *this = ReconnectBackoff(); }

private:
    QDeadlineTimer m_notBefore{0};
    int m_waitMs{kFirstMs};
};

// One connection to the PostgreSQL server a MemoryLocation names, through Qt's QPSQL driver
// (Debian: libqt6sql6-psql). The password is libpq's business: PGPASSWORD or ~/.pgpass (the
// keychain's, for the app, arrives as PGPASSWORD). The session runs in UTC.
//
// Qt 6.4's driver does not reconnect: after the server or the network dropped the connection, a
// statement fails, often with no error text. run() tells such a failure from a statement's own
// (a probe of the connection after it), reconnects with backoff and runs the statement again —
// only outside a transaction, whose work went with the old connection (the caller is told).
class ServerConnection final
{
public:
    // How long connecting waits for an answer when the address sets no connect_timeout.
    static constexpr int kConnectTimeoutSecs = 10;
    // How long sent data may stay unacknowledged before a connection counts as lost, unless the
    // address sets tcp_user_timeout: without it, a statement sent into a network that went away
    // waits for the system's TCP timeout (a quarter of an hour). Keepalives find a dead peer while
    // a statement waits for its answer. Neither applies to a Unix socket.
    static constexpr int kUnacknowledgedMs = 15'000;

    static Result<std::unique_ptr<ServerConnection>> open(const MemoryLocation& location);
    ~ServerConnection();
    ServerConnection(const ServerConnection&) = delete;
    ServerConnection& operator=(const ServerConnection&) = delete;

    const QSqlDatabase& connection() const { return m_db; }
    const MemoryLocation& location() const { return m_location; }
    // server_version_num, e.g. 150018.
    int serverVersion() const { return m_serverVersion; }
    // How often the connection was made again since open().
    int reconnects() const { return m_reconnects; }

    // Prepares, binds (positionally) and executes; the query is positioned before its first row.
    // A lost connection is made again and the statement run once more, unless `inTransaction`.
    // A QStringList value is refused: QPSQL binds it as nothing, without an error.
    Result<QSqlQuery> run(const QString& statement, const QVariantList& values = {}, bool inTransaction = false);
    // Whether the server answers now (a round trip).
    bool alive();
    // Makes the connection again unless it answers (ReconnectBackoff: not while it says wait).
    Status recover();

private:
    explicit ServerConnection(MemoryLocation location);
    Status connect();
    Status reconnect();
    QString where() const;
    Error lostMidChange() const;

    MemoryLocation m_location;
    QString m_name;
    QSqlDatabase m_db;
    int m_serverVersion{};
    int m_reconnects{};
    ReconnectBackoff m_backoff;
};

} // namespace engram
