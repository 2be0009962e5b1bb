#include "storage/Sql.h"

#include "storage/Backend.h"
#include "storage/Database.h"
#include "storage/JsonText.h"

#include <QLoggingCategory>
#include <QMutex>
#include <QSqlDriver>
#include <QSqlError>

#include <limits>

Q_LOGGING_CATEGORY(lcStorage, "engram.storage")

namespace engram::sql {

Error error(const QSqlQuery& query, const QString& what)
{
    const QSqlError e = query.lastError();
    QString text = e.databaseText().isEmpty() ? e.text() : e.databaseText();
    Error::Code code = Error::Code::Database;
    bool expected = true; // a condition of the user's machine, said in the returned message
    // SQLite's own words for the conditions a user can do something about, in a sentence that
    // says what to do. The original text stays in the log.
    if (text.contains(QLatin1String("database or disk is full"))) {
        text = QStringLiteral("the disk is full; free some space and try again");
    } else if (text.contains(QLatin1String("database is locked"))) {
        text = QStringLiteral("the memory file is busy in another program; try again in a moment");
    } else if (text.contains(QLatin1String("readonly database"))) {
        text = QStringLiteral("the memory file is read-only (its file, folder or disk cannot be written); "
                              "it can still be read and exported");
    } else if (text.contains(QLatin1String("disk image is malformed")) ||
               text.contains(QLatin1String("file is not a database"))) {
        code = Error::Code::NotEngram;
        text = QStringLiteral("the memory file is damaged; nothing more is written to it. Restore a backup "
                              "(engram-cli backups, engram-cli restore)");
    } else if (const QString state = e.nativeErrorCode();
               query.driver() && query.driver()->dbmsType() == QSqlDriver::PostgreSQL &&
               (state == QLatin1String("23505") || state == QLatin1String("40001") ||
                state == QLatin1String("40P01"))) {
        // Another client wrote the same row at the same moment (a second current value of one
        // fact, a serialization failure, a deadlock): the work is worth trying again.
        code = Error::Code::Conflict;
    } else {
        expected = false;
    }
    // A warning means a fault of Engram's; a busy, full, read-only or damaged file is the user's
    // situation, reported to them in words, and only noted in the log.
    if (expected)
        qCInfo(lcStorage) << "SQL:" << e.text() << "in" << query.lastQuery().left(200);
    else
        qCWarning(lcStorage) << "SQL error:" << e.text() << "in" << query.lastQuery().left(200);
    return Error{code, what.isEmpty() ? text : what + QStringLiteral(": ") + text};
}

void bind(QSqlQuery& query, int index, const QVariant& value)
{
    if (value.typeId() == QMetaType::QString && value.toString().isNull())
        query.bindValue(index, QStringLiteral(""));
    else
        query.bindValue(index, value);
}

namespace {

// Forward-only reads rows as they come, which saves SQLite a copy. Qt's PostgreSQL driver reads
// a forward-only query row by row from the connection, and another statement run meanwhile on
// it cuts the first one's rows off without an error: there every result is read whole.
bool forwardOnly(const QSqlDatabase& db)
{
    return db.driver()->dbmsType() != QSqlDriver::PostgreSQL;
}

// Qt's PostgreSQL driver makes every prepared statement a server-side PREPARE, which only
// SELECT, INSERT, UPDATE, DELETE and VALUES can be: BEGIN, SET or CREATE TABLE fail. A statement
// without parameters is sent as it is there.
bool sentAsIs(const QSqlDatabase& db, const QString& statement)
{
    return db.driver()->dbmsType() == QSqlDriver::PostgreSQL && !statement.contains(QLatin1Char('?'));
}

QMutex g_recoveryMutex;
QHash<const QSqlDriver*, Recovery> g_recoveries;

bool onServer(const QSqlQuery& query)
{
    return query.driver() && query.driver()->dbmsType() == QSqlDriver::PostgreSQL;
}

// After a failed statement on a server: whether it may run again, on a connection made anew if
// the old one was lost. Qt 6.4's driver does not reconnect, and a statement on a dropped
// connection fails with little or no text.
bool recover(const QSqlQuery& query)
{
    const QSqlDriver* driver = query.driver();
    if (!driver || driver->dbmsType() != QSqlDriver::PostgreSQL)
        return false;
    Recovery recovery;
    {
        QMutexLocker lock(&g_recoveryMutex);
        recovery = g_recoveries.value(driver);
    }
    return recovery && recovery();
}

// A lost server connection is replaced by a new one (the Database's connection() names it
// afterwards); a statement of the old one runs again on the new one, outside a transaction.
bool execAsIs(QSqlQuery& query, const QSqlDatabase& db, const QString& statement)
{
    if (query.exec(statement))
        return true;
    if (!recover(query))
        return false;
    query = QSqlQuery(db);
    return query.exec(statement);
}

// A query made on a connection that was replaced since: it must be made again on the new one.
bool stale(const QSqlQuery& query, const QSqlDatabase& db)
{
    return query.driver() != db.driver();
}

Result<QSqlQuery> runAsIs(const QSqlDatabase& db, const QString& statement)
{
    QSqlQuery query(db);
    if (!execAsIs(query, db, statement))
        return error(query);
    return query;
}

} // namespace

Result<QSqlQuery> prepare(const QSqlDatabase& db, const QString& statement, std::initializer_list<QVariant> values)
{
    QSqlQuery query(db);
    query.setForwardOnly(forwardOnly(db));
    if (!query.prepare(statement)) {
        if (!recover(query))
            return error(query);
        query = QSqlQuery(db);
        query.setForwardOnly(forwardOnly(db));
        if (!query.prepare(statement))
            return error(query);
    }
    int i = 0;
    for (const QVariant& v : values)
        bind(query, i++, v);
    return query;
}

void setRecovery(const QSqlDriver* driver, Recovery recovery)
{
    QMutexLocker lock(&g_recoveryMutex);
    g_recoveries.insert(driver, std::move(recovery));
}

void clearRecovery(const QSqlDriver* driver)
{
    QMutexLocker lock(&g_recoveryMutex);
    g_recoveries.remove(driver);
}

Status exec(QSqlQuery& query)
{
    if (query.exec())
        return {};
    const Error failed = error(query);
    // A lost connection is made anew for the next statement. This one fails: its query was made
    // on the old connection, and so was the work of the caller's transaction.
    if (onServer(query))
        (void)recover(query);
    return failed;
}

Result<QSqlQuery> run(const QSqlDatabase& db, const QString& statement, std::initializer_list<QVariant> values)
{
    if (values.size() == 0 && sentAsIs(db, statement))
        return runAsIs(db, statement);
    auto query = prepare(db, statement, values);
    if (!query)
        return query.error();
    if (auto st = exec(*query); !st)
        return st.error();
    return query;
}

Result<QSqlQuery> runList(const QSqlDatabase& db, const QString& statement, const QVariantList& values)
{
    if (values.isEmpty() && sentAsIs(db, statement))
        return runAsIs(db, statement);
    auto query = prepare(db, statement);
    if (!query)
        return query.error();
    for (int i = 0; i < values.size(); ++i)
        bind(*query, i, values.at(i));
    if (auto st = exec(*query); !st)
        return st.error();
    return query;
}

Status execute(const QSqlDatabase& db, const QString& statement, std::initializer_list<QVariant> values)
{
    auto query = run(db, statement, values);
    if (!query)
        return query.error();
    return {};
}

Result<QVariant> scalar(const QSqlDatabase& db, const QString& statement, std::initializer_list<QVariant> values)
{
    auto query = run(db, statement, values);
    if (!query)
        return query.error();
    return query->next() ? query->value(0) : QVariant();
}

Status runCached(std::optional<QSqlQuery>& cache, const QSqlDatabase& db, const QString& statement,
                 const QVariantList& values)
{
    if (values.isEmpty() && sentAsIs(db, statement)) {
        if (!cache || stale(*cache, db))
            cache = QSqlQuery(db);
        if (!execAsIs(*cache, db, statement))
            return error(*cache);
        return {};
    }
    if (!cache || stale(*cache, db)) {
        auto q = prepare(db, statement);
        if (!q)
            return q.error();
        cache = std::move(q).value();
    }
    for (int i = 0; i < values.size(); ++i)
        bind(*cache, i, values.at(i));
    return exec(*cache);
}

bool tryRunCached(std::optional<QSqlQuery>& cache, const QSqlDatabase& db, const QString& statement)
{
    if (sentAsIs(db, statement)) {
        if (!cache || stale(*cache, db))
            cache = QSqlQuery(db);
        if (!execAsIs(*cache, db, statement)) {
            qCDebug(lcStorage) << "not ready:" << cache->lastError().text();
            return false;
        }
        return true;
    }
    if (!cache || stale(*cache, db)) {
        QSqlQuery query(db);
        query.setForwardOnly(forwardOnly(db));
        if (!query.prepare(statement)) {
            qCDebug(lcStorage) << "not ready:" << query.lastError().text();
            return false;
        }
        cache = std::move(query);
    }
    if (!cache->exec()) {
        qCDebug(lcStorage) << "not ready:" << cache->lastError().text();
        return false;
    }
    return true;
}

Result<QSqlQuery*> selectCached(std::optional<QSqlQuery>& cache, const QSqlDatabase& db, const QString& statement,
                                const QVariantList& values)
{
    if (auto st = runCached(cache, db, statement, values); !st)
        return st.error();
    return &*cache;
}

Status touch(std::optional<QSqlQuery>& cache, const Database& db, const QString& table, const QString& userId,
             const QStringList& ids, qint64 nowMsecs)
{
    if (ids.isEmpty())
        return {};
    Json list = Json::array();
    for (const QString& id : ids)
        list.push_back(jsontext::utf8(id));
    const Backend& backend = db.backend();
    return runCached(cache, db.connection(),
                     QStringLiteral("UPDATE %1 SET access_count = access_count + 1, last_access_at = ? WHERE seq IN "
                                    "(SELECT t.seq FROM %2 WHERE t.user_id = ? ORDER BY t.seq%3)")
                         .arg(table, backend.rowsById(table, QStringLiteral("t")), backend.lockSuffix()),
                     {nowMsecs, jsontext::dump(list), userId});
}

Result<qint64> newestSeq(const QSqlDatabase& db, const QString& table, const QString& userId)
{
    auto last =
        scalar(db, QStringLiteral("SELECT coalesce(max(seq), 0) FROM %1 WHERE user_id = ?").arg(table), {userId});
    if (!last)
        return last.error();
    return last->toLongLong();
}

Result<QHash<qsizetype, QString>> heldRows(const QSqlDatabase& db, const QString& statement, qsizetype count,
                                           const std::function<std::string(qsizetype)>& row, const QVariantList& values)
{
    constexpr qsizetype kBatch = 1000;
    QHash<qsizetype, QString> found;
    std::string batch;
    for (qsizetype from = 0; from < count; from += kBatch) {
        batch = "[";
        for (qsizetype i = from; i < std::min(count, from + kBatch); ++i) {
            if (i > from)
                batch += ',';
            std::string r = row(i); // "[a, b, …]": the place goes first
            batch += '[' + std::to_string(i) + (r.size() > 2 ? "," : "") + r.substr(1);
        }
        batch += ']';
        QVariantList bound{QString::fromStdString(batch)};
        bound += values;
        auto q = runList(db, statement, bound);
        if (!q)
            return q.error();
        while (q->next())
            found.insert(static_cast<qsizetype>(q->value(0).toLongLong()), q->value(1).toString());
    }
    return found;
}

Result<QHash<QString, QString>> owners(const QSqlDatabase& db, const QString& table, const QStringList& ids)
{
    // One statement of kBatch parameters, prepared once and reused; the last batch is padded by
    // repeating its last id. SQLite allows 32766 parameters; 500 keeps the statement small.
    constexpr qsizetype kBatch = 500;
    QHash<QString, QString> found;
    if (ids.isEmpty())
        return found;
    const qsizetype size = std::min(kBatch, ids.size());
    QStringList marks;
    for (qsizetype i = 0; i < size; ++i)
        marks.append(QStringLiteral("?"));
    auto q = prepare(
        db, QStringLiteral("SELECT id, user_id FROM %1 WHERE id IN (%2)").arg(table, marks.join(QLatin1Char(','))));
    if (!q)
        return q.error();
    for (qsizetype start = 0; start < ids.size(); start += size) {
        for (qsizetype i = 0; i < size; ++i)
            bind(*q, static_cast<int>(i), ids.at(std::min(start + i, ids.size() - 1)));
        if (auto st = exec(*q); !st)
            return st.error();
        while (q->next())
            found.insert(q->value(0).toString(), q->value(1).toString());
    }
    return found;
}

Result<int> removeUserRows(const QSqlDatabase& db, const QString& table, const QString& userId)
{
    auto q = run(db, QStringLiteral("DELETE FROM %1 WHERE user_id = ?").arg(table), {userId});
    if (!q)
        return q.error();
    return affected(*q);
}

QVariant limit(qsizetype n)
{
    return n < 0 ? std::numeric_limits<qint64>::max() : static_cast<qint64>(n);
}

int affected(const QSqlQuery& query)
{
    return query.numRowsAffected();
}

} // namespace engram::sql
