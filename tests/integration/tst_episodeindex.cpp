#include "EpisodeBulk.h"
#include "MemoryFixture.h"
#include "TestSupport.h"

#include "storage/EpisodeStore.h"

#include <QTest>

#include <cmath>
#include <memory>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("u");

Episode episode(const QString& text, const QDateTime& at)
{
    return test::newEpisode(kUser, text, at);
}

// Each word a term of weight 1.
QList<SearchTerm> termsOf(const QStringList& words)
{
    QList<SearchTerm> terms;
    for (const QString& w : words)
        terms.append(SearchTerm{w, 1.0});
    return terms;
}

QStringList contents(const QList<EpisodeHit>& hits)
{
    return test::contentsOf(hits);
}

} // namespace

// The bounded search of a large index: common words are scored on the rows found rather than
// handed to FTS5, and a query of common words only still finds what holds them all.
class TestEpisodeIndex final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_fixture = std::make_unique<test::MemoryFixture>();
        QVERIFY((*m_fixture)->ensureUser(kUser));
        // More episodes with "project" and with "status" than the posting budget allows, among
        // many more without them, so that both are common yet still telling.
        QList<Episode> all;
        const QDateTime at = m_fixture->clock().now().addDays(-1);
        for (int i = 0; i < 18000; ++i)
            all.append(episode(QStringLiteral("filler %1 alpha").arg(i), at));
        for (int i = 0; i < 1100; ++i) {
            all.append(episode(QStringLiteral("project status report %1").arg(i), at));
            all.append(episode(QStringLiteral("project plan %1").arg(i), at));
            all.append(episode(QStringLiteral("status meeting %1").arg(i), at));
        }
        all.append(episode(QStringLiteral("project grafana migration"), at));
        all.append(episode(QStringLiteral("grafana dashboard"), at));
        EpisodeStore store((*m_fixture)->database());
        QVERIFY(store.insertAll(all));
        QCOMPARE(store.count(kUser).value(), static_cast<int>(all.size()));
    }

    void cleanupTestCase() { m_fixture.reset(); }

    void aCommonWordStillCountsOnTheRowsFound()
    {
        EpisodeStore store((*m_fixture)->database());
        auto hits = store.search(kUser, QList<SearchTerm>{{QStringLiteral("project")}, {QStringLiteral("grafana")}}, 2);
        QVERIFY(hits);
        // By "grafana" alone the shorter episode would win; "project" puts the other first.
        QCOMPARE(contents(*hits),
                 (QStringList{QStringLiteral("project grafana migration"), QStringLiteral("grafana dashboard")}));
        // The same order as ranking every posting.
        auto exhaustive =
            store.searchAll(kUser, QList<SearchTerm>{{QStringLiteral("project")}, {QStringLiteral("grafana")}}, 2);
        QVERIFY(exhaustive);
        QCOMPARE(contents(*hits), contents(*exhaustive));
    }

    void aQueryOfCommonWordsOnlyFindsEpisodesHoldingThemAll()
    {
        EpisodeStore store((*m_fixture)->database());
        auto hits = store.search(kUser, QList<SearchTerm>{{QStringLiteral("project")}, {QStringLiteral("status")}}, 10);
        QVERIFY(hits);
        QCOMPARE(hits->size(), 10);
        for (const QString& text : contents(*hits))
            QVERIFY2(text.startsWith(QLatin1String("project status report")), qPrintable(text));
    }

    void aWordFoundNowhereFindsNothing()
    {
        EpisodeStore store((*m_fixture)->database());
        auto hits = store.search(kUser, QList<SearchTerm>{{QStringLiteral("zebra")}}, 10);
        QVERIFY(hits);
        QVERIFY(hits->isEmpty());
    }

    // A pasted page: each of many terms adds to an episode's score what it gives alone (BM25 is
    // a sum over the terms), even when they all look alike (on a server the client finds a
    // token's term by its length and its first, second and last characters), and a look-alike
    // word that is no term adds nothing.
    void eachOfManyLookAlikeTermsCountsAsAlone()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kUser));
        QStringList words;
        for (char b = 'a'; b <= 'j'; ++b) {
            for (char c = 'a'; c <= 't'; ++c)
                words.append(QStringLiteral("kz") + QLatin1Char(b) + QLatin1Char(c) + QLatin1Char('q'));
        }
        QCOMPARE(words.size(), 200);
        const QDateTime at = m.clock().now().addDays(-1);
        QList<Episode> all{episode(words.join(QLatin1Char(' ')) + QStringLiteral(" kzzzq"), at),
                           episode(words.mid(0, 50).join(QLatin1Char(' ')), at)};
        for (int i = 0; i < 5; ++i)
            all.append(episode(QStringLiteral("filler note %1").arg(i), at));
        EpisodeStore store(m->database());
        QVERIFY(store.insertAll(all));
        const auto scoreOf = [&](const QStringList& query) -> double {
            auto hits = store.search(kUser, termsOf(query), 10);
            if (!hits)
                return -1;
            for (const EpisodeHit& h : std::as_const(*hits)) {
                if (h.episode.content.endsWith(QLatin1String("kzzzq")))
                    return h.score;
            }
            return 0;
        };
        double sum = 0;
        for (const QString& w : std::as_const(words)) {
            const double alone = scoreOf({w});
            QVERIFY2(alone > 0, qPrintable(w));
            sum += alone;
        }
        const double together = scoreOf(words);
        QVERIFY2(std::abs(together - sum) < 1e-9 * sum, qPrintable(QStringLiteral("%1 vs %2").arg(together).arg(sum)));
        // "kzzzq", held by the episode but not asked for, counted for nothing above; asked for,
        // it counts. A look-alike held by none finds nothing.
        QVERIFY(scoreOf(words + QStringList{QStringLiteral("kzzzq")}) > together);
        QCOMPARE(scoreOf({QStringLiteral("kzzyq")}), 0.0);
    }

    // A long message is stored and found like a short one, written one at a time or in a bulk
    // load: a Chinese text of 1,500 characters (its tokens, characters and their pairs, are
    // some 12 kB), and a paste with a "word" longer than a search index takes (a 3,000-character
    // key), which is left out of the index but not of the episode.
    void aLongMessageIsStoredAndFound()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kUser));
        const QDateTime at = m.clock().now().addDays(-1);
        const QString chinese =
            QStringLiteral("今天在图书馆整理了季度报告的数据。").repeated(88) + QStringLiteral("最后去了植物园。");
        const QString paste = QStringLiteral("the deploy key is ") + QString(3000, QLatin1Char('k')) +
                              QStringLiteral(" keep it out of the logs");
        EpisodeStore store(m->database());
        Episode one = episode(chinese, at);
        one.conversationId = QStringLiteral("c");
        auto single = store.insert(one);
        QVERIFY2(single, qPrintable(single.errorMessage()));
        auto bulk = store.insertAll({episode(paste, at.addSecs(60)), episode(chinese + QStringLiteral("又一次"), at)});
        QVERIFY2(bulk, qPrintable(bulk.errorMessage()));
        QCOMPARE(contents(store.search(kUser, QList<SearchTerm>{{QStringLiteral("植物")}}, 10).value()).size(), 2);
        QCOMPARE(contents(store.search(kUser, QList<SearchTerm>{{QStringLiteral("deploy")}}, 10).value()),
                 QStringList{paste});
        QVERIFY(test::indexIsIntact(m->database()));
    }

    // Equally good matches come newest first, whatever order a hash table holds them in: the
    // same memory asked twice, in this process or the next, shows the same items.
    void equallyGoodMatchesComeNewestFirst()
    {
        test::MemoryFixture fixture;
        QVERIFY(fixture->ensureUser(kUser));
        QList<Episode> all;
        const QDateTime start = fixture.clock().now().addDays(-10);
        for (int i = 0; i < 300; ++i)
            all.append(episode(QStringLiteral("quokka sighting"), start.addSecs(60 * i)));
        EpisodeStore store(fixture->database());
        QVERIFY(store.insertAll(all));
        QStringList newest;
        for (qsizetype i = all.size() - 1; i >= all.size() - 5; --i)
            newest.append(all.at(i).id);
        auto hits = store.search(kUser, termsOf({QStringLiteral("quokka")}), 5);
        QVERIFY(hits);
        QStringList found;
        for (const EpisodeHit& hit : *hits)
            found.append(hit.episode.id);
        QCOMPARE(found, newest);
    }

    // A query ranks the same whatever was searched before it in the process: the caches the
    // bounded search keeps (term counts, postings, lengths) only save work. Words of a skewed
    // vocabulary, so that some terms are ranked from their postings and others scored on the rows.
    // (Across processes, equal scores once came in the order of a hash table seeded anew by each:
    // equallyGoodMatchesComeNewestFirst.)
    void aRankingDoesNotDependOnTheSearchesBeforeIt()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kUser));
        QStringList vocabulary;
        for (int i = 0; i < 80; ++i)
            vocabulary.append(QStringLiteral("wq") + QLatin1Char('a' + i % 26) + QLatin1Char('a' + i / 26));
        quint32 seed = 7;
        const auto next = [&seed](quint32 below) {
            seed = seed * 1664525u + 1013904223u;
            return (seed >> 8) % below;
        };
        const auto pick = [&] { // word i about as often as 1 / (i + 1)
            return vocabulary.at(static_cast<qsizetype>(std::min<quint32>(next(1000) * next(1000) / 12500, 79)));
        };
        QList<Episode> all;
        const QDateTime start = m.clock().now().addDays(-30);
        for (int i = 0; i < 3000; ++i) {
            QStringList words;
            for (quint32 w = 0, n = 3 + next(8); w < n; ++w)
                words.append(pick());
            all.append(episode(words.join(QLatin1Char(' ')), start.addSecs(60 * i)));
        }
        QVERIFY(EpisodeStore(m->database()).insertAll(all));
        QList<QList<SearchTerm>> queries;
        for (int q = 0; q < 40; ++q) {
            QStringList words;
            for (quint32 w = 0, n = 2 + next(4); w < n; ++w)
                words.append(pick());
            queries.append(termsOf(words));
        }
        const auto ranking = [&](EpisodeStore& store, const QList<SearchTerm>& terms) {
            auto hits = store.search(kUser, terms, 30);
            if (!hits)
                return QStringList{hits.errorMessage()};
            QStringList out;
            for (const EpisodeHit& h : *hits)
                out.append(h.episode.id + QLatin1Char(' ') + QString::number(h.score, 'g', 12));
            return out;
        };
        QList<QStringList> fresh;
        for (const auto& q : std::as_const(queries)) {
            m.reopen();
            EpisodeStore store(m->database());
            fresh.append(ranking(store, q));
        }
        m.reopen();
        EpisodeStore store(m->database());
        for (qsizetype q = 0; q < queries.size(); ++q)
            QCOMPARE(ranking(store, queries.at(q)), fresh.at(q));
    }

    // Ranking every posting takes all of a query's terms, however many: an episode of 2,500
    // distinct words scores for all of them what it scores for each half (on a server the table
    // of terms grows past its 4,096 slots for them).
    void everyOneOfThousandsOfTermsCounts()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kUser));
        QStringList words;
        for (int i = 0; i < 2500; ++i)
            words.append(QStringLiteral("kq") + QLatin1Char('a' + i % 26) + QLatin1Char('a' + i / 26 % 26) +
                         QLatin1Char('a' + i / 676));
        const QDateTime at = m.clock().now().addDays(-1);
        EpisodeStore store(m->database());
        const auto stored =
            store.insertAll({episode(words.join(QLatin1Char(' ')), at), episode(QStringLiteral("filler one"), at),
                             episode(QStringLiteral("filler two"), at)});
        QVERIFY2(stored, qPrintable(stored.errorMessage()));
        const auto scoreOf = [&](const QStringList& query) -> double {
            auto hits = store.searchAll(kUser, termsOf(query), 1);
            return hits && hits->size() == 1 ? hits->constFirst().score : -1;
        };
        const double first = scoreOf(words.mid(0, 1250));
        const double second = scoreOf(words.mid(1250));
        QVERIFY(first > 0 && second > 0);
        const double all = scoreOf(words);
        QVERIFY2(std::abs(all - (first + second)) < 1e-9 * all,
                 qPrintable(QStringLiteral("%1 vs %2").arg(all).arg(first + second)));
    }

    // A new user's first episodes, many in one statement and in conversations, so that their
    // neighbours' context is written as they arrive: the index and its statistics (on a server,
    // every length with its context) hold exactly what the rows hold.
    void aNewUsersFirstEpisodesAreCountedWithTheirContext()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kUser));
        QList<Episode> all;
        const QDateTime at = m.clock().now().addDays(-1);
        for (int i = 0; i < 30; ++i) {
            Episode e = episode(QStringLiteral("会议 %1 agenda item%2 budget").arg(i).arg(i), at.addSecs(i));
            e.conversationId = QStringLiteral("c-%1").arg(i % 3);
            all.append(e);
        }
        EpisodeStore store(m->database());
        {
            Transaction tx(m->database());
            QVERIFY(tx.begin());
            QVERIFY(store.insertAll(all));
            QVERIFY(tx.commit());
        }
        QVERIFY(test::indexIsIntact(m->database()));
        QVERIFY(store.insertAll({episode(QStringLiteral("one more agenda"), at.addSecs(100))}));
        QVERIFY(test::indexIsIntact(m->database()));
    }

    void insertAllKeepsEveryFieldAndIndexesTheText()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kUser));
        Episode tricky =
            episode(QStringLiteral("引号\"和反斜杠\\，换行\n制表\t控制\x01 and emoji 🙂 见 zebra"),
                    QDateTime(QDate(2024, 5, 6), QTime(7, 8, 9, 10), Qt::UTC));
        tricky.response = QStringLiteral("reply with \"quotes\"");
        tricky.kind = EpisodeKind::Summary;
        tricky.topicKey = QStringLiteral("主题");
        tricky.conversationId = QStringLiteral("c-1");
        tricky.pinned = true;
        tricky.importance = 0.8;
        tricky.accessCount = 3;
        tricky.lastAccessAt = tricky.createdAt.addSecs(60);
        tricky.metadata = Json{{"note", "say \"hi\""}, {"n", 2}};
        const Episode plain = episode(QStringLiteral("plain"), tricky.createdAt);
        EpisodeStore store(m->database());
        QVERIFY(store.insertAll({tricky, plain}));

        const Episode back = store.find(kUser, tricky.id).value();
        QCOMPARE(back.content, tricky.content);
        QCOMPARE(back.response, tricky.response);
        QCOMPARE(back.kind, tricky.kind);
        QCOMPARE(back.topicKey, tricky.topicKey);
        QCOMPARE(back.conversationId, tricky.conversationId);
        QCOMPARE(back.pinned, true);
        QCOMPARE(back.importance, 0.8);
        QCOMPARE(back.accessCount, 3);
        QCOMPARE(back.createdAt, tricky.createdAt);
        QCOMPARE(back.lastAccessAt, tricky.lastAccessAt);
        QVERIFY(back.metadata == tricky.metadata);
        QCOMPARE(store.find(kUser, plain.id).value().content, QStringLiteral("plain"));

        auto hits = store.search(kUser, QList<SearchTerm>{{QStringLiteral("zebra")}}, 5);
        QVERIFY(hits);
        QCOMPARE(hits->size(), 1);
        QCOMPARE(hits->first().episode.id, tricky.id);
    }

private:
    std::unique_ptr<test::MemoryFixture> m_fixture;
};

QTEST_GUILESS_MAIN(TestEpisodeIndex)
#include "tst_episodeindex.moc"
