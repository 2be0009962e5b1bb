#include "storage/SqliteBackend.h"

#include "storage/Database.h"
#include "storage/EpisodeIndex.h"
#include "storage/Migrations.h"
#include "storage/Sql.h"
#include "storage/TextIndex.h"

namespace engram {
namespace {

class SqliteFactIndex final : public FactTextIndex
{
public:
    explicit SqliteFactIndex(Database& db)
        : m_db(db)
    {}

    Result<QList<std::pair<qint64, double>>> rank(const QString& userId, const QList<SearchTerm>& terms,
                                                  int limit) const override
    {
        QList<std::pair<qint64, double>> ranked;
        if (terms.isEmpty() || limit <= 0)
            return ranked;
        auto q = sql::run(m_db.connection(),
                          QStringLiteral("SELECT f.seq, bm25(facts_fts) AS rank FROM facts_fts "
                                         "JOIN facts f ON f.seq = facts_fts.rowid "
                                         "WHERE facts_fts MATCH ? AND f.user_id = ? AND f.status = 'active' "
                                         "ORDER BY rank, f.updated_at DESC LIMIT ?"),
                          {fts5Expression(terms), userId, limit});
        if (!q)
            return q.error();
        while (q->next())
            ranked.append({q->value(0).toLongLong(), -q->value(1).toDouble()});
        return ranked;
    }

    Status optimize() override
    {
        return sql::execute(m_db.connection(), QStringLiteral("INSERT INTO facts_fts(facts_fts) VALUES('optimize')"));
    }

private:
    Database& m_db;
};

} // namespace

QString fts5Expression(const QList<SearchTerm>& terms)
{
    QStringList phrases;
    for (const SearchTerm& t : terms) {
        QString escaped = t.text;
        escaped.replace(QLatin1Char('"'), QLatin1String("\"\""));
        const QString phrase = QLatin1Char('"') + escaped + QLatin1Char('"');
        for (int i = termCopies(t, terms); i > 0; --i)
            phrases.append(phrase);
    }
    return phrases.join(QLatin1String(" OR "));
}

const std::vector<QStringList>& SqliteBackend::migrations() const
{
    return schemaMigrations();
}

Result<int> SqliteBackend::schemaVersion(const QSqlDatabase& db) const
{
    auto v = sql::scalar(db, QStringLiteral("PRAGMA user_version"));
    if (!v)
        return v.error();
    return v->toInt();
}

Status SqliteBackend::setSchemaVersion(const QSqlDatabase& db, int version) const
{
    return sql::execute(db, QStringLiteral("PRAGMA user_version = %1").arg(version));
}

QString SqliteBackend::userTablesStatement() const
{
    return QStringLiteral("SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) p "
                          "WHERE m.type = 'table' AND p.name = 'user_id' ORDER BY m.name");
}

qint64 SqliteBackend::dataVersion(const QSqlDatabase& db) const
{
    auto version = sql::scalar(db, QStringLiteral("PRAGMA data_version"));
    return version ? version->toLongLong() : -1;
}

std::unique_ptr<EpisodeTextIndex> SqliteBackend::episodeIndex(Database& db) const
{
    return std::make_unique<EpisodeIndex>(db);
}

std::unique_ptr<FactTextIndex> SqliteBackend::factIndex(Database& db) const
{
    return std::make_unique<SqliteFactIndex>(db);
}

} // namespace engram
