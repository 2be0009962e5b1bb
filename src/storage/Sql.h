#pragma once

#include "core/Result.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>

#include <initializer_list>

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

// Rows changed by the last exec of `query`.
int affected(const QSqlQuery& query);

// Wraps an error of the SQL layer into an engram Error naming what we tried to do.
Error error(const QSqlQuery& query, const QString& what = {});

} // namespace engram::sql
