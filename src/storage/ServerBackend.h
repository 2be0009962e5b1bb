#pragma once

#include "storage/Backend.h"

#include <memory>

namespace engram {

// A PostgreSQL database on a server (Qt's QPSQL driver): one memory for several devices, or for
// a team. Other clients' commits are noticed through LISTEN engram_changes (statement triggers
// notify at commit); jobs are claimed with FOR UPDATE SKIP LOCKED; the full-text indexes are a
// tsvector of Engram's own tokens ranked by BM25 from per-user statistics (ServerTextIndex).
class ServerBackend final : public Backend
{
public:
    ServerBackend();

    QString name() const override { return QStringLiteral("PostgreSQL"); }
    bool isServer() const override { return true; }
    const std::vector<QStringList>& migrations() const override;
    Result<int> schemaVersion(const QSqlDatabase& db) const override;
    Status setSchemaVersion(const QSqlDatabase& db, int version) const override;
    Status lockSchema(const QSqlDatabase& db) const override;
    QString beginStatement() const override { return QStringLiteral("BEGIN"); }
    QString jsonValues() const override { return QStringLiteral("jsonb_array_elements_text(CAST(? AS jsonb))"); }
    QString jsonRows() const override
    {
        return QStringLiteral("jsonb_array_elements(CAST(? AS jsonb)) WITH ORDINALITY AS j(value, ord)");
    }
    // An array computed once, then the primary key for each of its numbers (a join with the JSON
    // elements, whose count the planner cannot know, was a hash join over the whole table).
    QString rowsBySeq(const QString& table, const QString& alias) const override
    {
        return rowsByKey(table, alias, QStringLiteral("seq"), QStringLiteral("CAST(value AS BIGINT)"));
    }
    QString rowsById(const QString& table, const QString& alias) const override
    {
        return rowsByKey(table, alias, QStringLiteral("id"), QStringLiteral("value"));
    }
    QString jsonType() const override { return QStringLiteral("jsonb"); }
    QString userTablesStatement() const override;
    QString claimSuffix() const override { return QStringLiteral(" FOR UPDATE SKIP LOCKED"); }
    QString lockSuffix() const override { return QStringLiteral(" FOR UPDATE"); }
    // How many notifications of other clients' commits arrived (they arrive with the event loop).
    qint64 dataVersion(const QSqlDatabase& db) const override;
    bool countsOwnWrites() const override { return false; }
    std::unique_ptr<EpisodeTextIndex> episodeIndex(Database& db) const override;
    std::unique_ptr<FactTextIndex> factIndex(Database& db) const override;

    // Subscribes `db` to the change notifications of other clients (once per connection: after
    // a lost one, for the new one).
    Status listen(const QSqlDatabase& db);

private:
    static QString rowsByKey(const QString& table, const QString& alias, const QString& key, const QString& element)
    {
        return QStringLiteral("(SELECT * FROM %1 WHERE %3 = ANY(ARRAY(SELECT %4 FROM "
                              "jsonb_array_elements_text(CAST(? AS jsonb))))) %2")
            .arg(table, alias, key, element);
    }

    std::shared_ptr<qint64> m_changes;
};

} // namespace engram
