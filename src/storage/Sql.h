#pragma once

#include "core/Result.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlQuery>
#include <QVariant>

#include <functional>
#include <initializer_list>
#include <optional>

namespace engram {
class Database;
}

// Small prepare → bind → exec helpers so every store checks and reports lastError() the same way.
namespace engram::sql {

// Prepares `statement` on `db` and binds `values` positionally. The query is ready to exec().
Result<QSqlQuery> prepare(const QSqlDatabase& db, const QString& statement,
                          std::initializer_list<QVariant> values = {});

// Prepares, binds and executes; the returned query is positioned before the first row.
Result<QSqlQuery> run(const QSqlDatabase& db, const QString& statement, std::initializer_list<QVariant> values = {});

// The same with values in a list, for statements built from optional filters.
Result<QSqlQuery> runList(const QSqlDatabase& db, const QString& statement, const QVariantList& values);

// Binds one positional value. A null QString binds as '' (our TEXT columns are NOT NULL);
// a null QVariant binds as NULL.
void bind(QSqlQuery& query, int index, const QVariant& value);

// Executes an already prepared and bound query.
Status exec(QSqlQuery& query);

// Runs a statement that returns nothing interesting.
Status execute(const QSqlDatabase& db, const QString& statement, std::initializer_list<QVariant> values = {});

// The first column of the first row, or an invalid QVariant when there is no row.
Result<QVariant> scalar(const QSqlDatabase& db, const QString& statement, std::initializer_list<QVariant> values = {});

// Prepares `statement` into `cache` on first use, then binds `values` and executes it. For the
// statements a bulk import repeats thousands of times in one transaction.
Status runCached(std::optional<QSqlQuery>& cache, const QSqlDatabase& db, const QString& statement,
                 const QVariantList& values);

// runCached without parameters for a statement that may fail by design (its temporary table may
// be gone with a rolled-back transaction): false instead of an error, logged at debug only.
bool tryRunCached(std::optional<QSqlQuery>& cache, const QSqlDatabase& db, const QString& statement);

// runCached for a SELECT: the cached query, executed and positioned before the first row. Call
// finish() after reading: a cached statement left active keeps its read transaction open.
Result<QSqlQuery*> selectCached(std::optional<QSqlQuery>& cache, const QSqlDatabase& db, const QString& statement,
                                const QVariantList& values);

// Which of `ids` exist in `table` (a store's own table with `id` and `user_id` columns), mapped to
// the user that owns each. Public ids are unique across users, so an import must know.
Result<QHash<QString, QString>> owners(const QSqlDatabase& db, const QString& table, const QStringList& ids);

// The seq of the newest row of the user in `table`, 0 when there is none.
Result<qint64> newestSeq(const QSqlDatabase& db, const QString& table, const QString& userId);

// Which of `count` candidate rows a table holds already (an import's items without known ids):
// `row(i)` gives candidate i as a JSON array text of its compared values, and `statement` takes a
// JSON array of [place, values…] arrays at its first `?`, then `values`, and returns (place, id)
// for each candidate it matched. Runs on a thousand candidates at a time.
Result<QHash<qsizetype, QString>> heldRows(const QSqlDatabase& db, const QString& statement, qsizetype count,
                                           const std::function<std::string(qsizetype)>& row,
                                           const QVariantList& values);

// Counts an access to each of `ids` (of `userId`, in `table`: access_count, last_access_at) in
// one statement, prepared once in `cache`: a context marks some forty facts, and on a server each
// statement is a round trip. The rows are locked in seq order (two clients touching the same
// facts in one order each deadlocked on a server when the plan followed the rows where they lay).
Status touch(std::optional<QSqlQuery>& cache, const Database& db, const QString& table, const QString& userId,
             const QStringList& ids, qint64 nowMsecs);

// Deletes every row of one user from `table`; returns how many went.
Result<int> removeUserRows(const QSqlDatabase& db, const QString& table, const QString& userId);

// The value bound to LIMIT ?: `n`, or when it is negative (no limit) the largest number, which
// both engines take (PostgreSQL refuses SQLite's -1).
QVariant limit(qsizetype n);

// What a server connection does when a statement on it failed: makes the connection again if it
// was lost, and says whether the statement may run once more (not inside a transaction, whose
// work went with the old connection). Database registers it for its driver.
using Recovery = std::function<bool()>;
void setRecovery(const QSqlDriver* driver, Recovery recovery);
void clearRecovery(const QSqlDriver* driver);

// Rows changed by the last exec of `query`.
int affected(const QSqlQuery& query);

// Wraps an error of the SQL layer into an engram Error naming what we tried to do.
Error error(const QSqlQuery& query, const QString& what = {});

} // namespace engram::sql
