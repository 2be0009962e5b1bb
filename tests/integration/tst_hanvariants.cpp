#include "EpisodeBulk.h"
#include "MemoryFixture.h"

#include "core/SearchTokenizer.h"
#include "storage/Database.h"
#include "storage/EpisodeStore.h"
#include "storage/FactStore.h"
#include "storage/Sql.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("u");

QString u(const char* utf8)
{
    return QString::fromUtf8(utf8);
}

// The tokens a version-5 Engram wrote for `text`: this tokenizer's, with the traditional
// characters of the text put back (both tokenizers cut the same runs at the same places).
QString unfoldedIndexText(const QString& text)
{
    QString tokens = SearchTokenizer::indexText(text);
    for (const uint cp : text.toUcs4()) {
        const char32_t simplified = SearchTokenizer::simplified(cp);
        if (simplified != cp)
            tokens.replace(QString::fromUcs4(&simplified, 1),
                           QString::fromUcs4(reinterpret_cast<const char32_t*>(&cp), 1));
    }
    return tokens;
}

bool indexIsIntact(const QSqlDatabase& c)
{
    return sql::execute(c, QStringLiteral("INSERT INTO episodes_fts(episodes_fts) VALUES('integrity-check')")) &&
           sql::execute(c, QStringLiteral("INSERT INTO facts_fts(facts_fts) VALUES('integrity-check')"));
}

} // namespace

// Traditional and simplified Chinese find each other (issue 14): the tokenizer folds traditional
// characters to simplified ones, and schema version 6 writes the search text of a memory stored
// before that again.
class TestHanVariants final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_fixture = std::make_unique<test::MemoryFixture>();
        QVERIFY((*m_fixture)->ensureUser(kUser));
        m_at = m_fixture->clock().now().addDays(-1);
    }

    void cleanup() { m_fixture.reset(); }

    void eachScriptFindsTheOther()
    {
        const QString traditional = add(u("我在臺灣的公司做軟體設計"), 0);
        const QString simplified = add(u("我们下周要做数据库迁移"), 1);
        add(u("周末去海边散步"), 2);
        add(u("I like green tea"), 3);

        auto hits = (*m_fixture)->retriever().searchEpisodes(kUser, u("台湾的软体公司"), 3);
        QVERIFY2(hits, qPrintable(hits.errorMessage()));
        QVERIFY(!hits->isEmpty());
        QCOMPARE(hits->at(0).episode.id, traditional);

        hits = (*m_fixture)->retriever().searchEpisodes(kUser, u("下週的數據庫遷移"), 3);
        QVERIFY2(hits, qPrintable(hits.errorMessage()));
        QVERIFY(!hits->isEmpty());
        QCOMPARE(hits->at(0).episode.id, simplified);
    }

    void thePanelFilterMatchesEitherScript()
    {
        const QString traditional = add(u("我在臺灣的公司做軟體設計"), 0);
        add(u("我在台北吃了小笼包"), 1);
        EpisodeFilter filter;
        filter.contains = u("台湾");
        auto found = EpisodeStore((*m_fixture)->database()).list(kUser, filter);
        QVERIFY2(found, qPrintable(found.errorMessage()));
        QCOMPARE(found->size(), 1);
        QCOMPARE(found->at(0).id, traditional);
    }

    void aFactInTraditionalIsFoundInSimplified()
    {
        QVERIFY((*m_fixture)->addFact(kUser, QStringLiteral("user"), QStringLiteral("hometown"), u("臺北")));
        QVERIFY((*m_fixture)->addFact(kUser, QStringLiteral("user"), QStringLiteral("employer"), u("青岛啤酒")));
        auto hits = (*m_fixture)->retriever().searchFacts(kUser, u("台北"), 5);
        QVERIFY2(hits, qPrintable(hits.errorMessage()));
        QCOMPARE(hits->size(), 1);
        QCOMPARE(hits->at(0).fact.object, u("臺北"));
    }

    // A memory written by version 5 (traditional tokens stored as they were typed) is written
    // again on upgrade: its rows then hold exactly what this version writes, the index stays
    // sound, and a simplified query finds it.
    void aVersionFiveMemoryIsWrittenAgainOnUpgrade()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("v5.sqlite"));
        const QString content = u("我養了一隻小狗");
        const QString reply = u("牠叫什麼名字？");
        QString changed;
        QString untouched;
        {
            auto v5 = Database::openAtVersion(path, 5);
            QVERIFY2(v5, qPrintable(v5.errorMessage()));
            const QSqlDatabase& c = (*v5)->connection();
            QVERIFY(sql::execute(
                c, QStringLiteral("INSERT INTO users (id, display_name, created_at) VALUES (?, 'U', 1)"), {kUser}));
            Episode e = test::newEpisode(kUser, content, m_at);
            e.response = reply;
            e.conversationId = QStringLiteral("c1");
            changed = e.id;
            Episode plain = test::newEpisode(kUser, u("周末去海边散步"), m_at.addSecs(60));
            plain.conversationId = QStringLiteral("c1");
            QVERIFY(test::insertIntoOlderSchema(**v5, {e, plain}));
            untouched = plain.id;
            Fact fact;
            fact.id = QStringLiteral("f1");
            fact.userId = kUser;
            fact.subject = QStringLiteral("user");
            fact.predicate = QStringLiteral("pet");
            fact.object = u("小狗叫饅頭");
            fact.createdAt = fact.updatedAt = fact.validFrom = fact.lastAccessAt = m_at;
            QVERIFY(FactStore(**v5).insert(fact));
            // What version 5's tokenizer wrote.
            QVERIFY(sql::execute(c,
                                 QStringLiteral("UPDATE episodes SET search_body = ?, search_extra = ? WHERE id = ?"),
                                 {unfoldedIndexText(content), unfoldedIndexText(reply), changed}));
            QVERIFY(sql::execute(c, QStringLiteral("UPDATE facts SET search_body = ? WHERE id = 'f1'"),
                                 {unfoldedIndexText(fact.text())}));
            const auto stored =
                sql::scalar(c, QStringLiteral("SELECT search_body FROM episodes WHERE id = ?"), {changed});
            QVERIFY(stored->toString().contains(u("養")));
            QVERIFY(indexIsIntact(c));
        }
        auto latest = Database::open(path);
        QVERIFY2(latest, qPrintable(latest.errorMessage()));
        QCOMPARE((*latest)->schemaVersion(), Database::latestVersion());
        const QSqlDatabase& c = (*latest)->connection();
        const auto column = [&](const QString& table, const QString& name, const QString& id) {
            return sql::scalar(c, QStringLiteral("SELECT %1 FROM %2 WHERE id = ?").arg(name, table), {id})->toString();
        };
        QCOMPARE(column(QStringLiteral("episodes"), QStringLiteral("search_body"), changed),
                 SearchTokenizer::indexText(content));
        QCOMPARE(column(QStringLiteral("episodes"), QStringLiteral("search_extra"), changed),
                 SearchTokenizer::indexText(reply));
        QCOMPARE(column(QStringLiteral("episodes"), QStringLiteral("search_body"), untouched),
                 SearchTokenizer::indexText(u("周末去海边散步")));
        QCOMPARE(column(QStringLiteral("facts"), QStringLiteral("search_body"), QStringLiteral("f1")),
                 SearchTokenizer::indexText(u("user pet 小狗叫饅頭")));
        // The neighbour's context follows the rewritten text.
        QVERIFY(column(QStringLiteral("episodes"), QStringLiteral("search_context"), untouched).contains(u("养")));
        QVERIFY(indexIsIntact(c));
        const auto matches = [&](const QString& table, const QString& term) {
            return sql::scalar(c, QStringLiteral("SELECT count(*) FROM %1 WHERE %1 MATCH ?").arg(table),
                               {QString(QLatin1Char('"') + term + QLatin1Char('"'))})
                ->toInt();
        };
        QCOMPARE(matches(QStringLiteral("episodes_fts"), u("养了")), 2); // its own text and its neighbour's context
        QCOMPARE(matches(QStringLiteral("episodes_fts"), u("養")), 0);
        QCOMPARE(matches(QStringLiteral("facts_fts"), u("馒头")), 1);
    }

private:
    QString add(const QString& text, int minute)
    {
        Episode e = test::newEpisode(kUser, text, m_at.addSecs(60 * minute));
        if (!EpisodeStore((*m_fixture)->database()).insert(e))
            qFatal("cannot insert an episode");
        return e.id;
    }

    std::unique_ptr<test::MemoryFixture> m_fixture;
    QDateTime m_at;
};

QTEST_GUILESS_MAIN(TestHanVariants)
#include "tst_hanvariants.moc"
