#include "MemoryFixture.h"

#include "memory/MemoryContext.h"
#include "storage/EpisodeStore.h"

#include <QTest>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("u");

// Stores episodes directly, each with its own time and conversation, as an import would.
class Episodes final
{
public:
    explicit Episodes(test::MemoryFixture& m)
        : m_store(m->database())
        , m_fixture(m)
    {
        if (!m->ensureUser(kUser))
            qFatal("cannot create user");
    }

    QString add(const QString& text, const QString& conversation = {}, QDateTime at = {},
                EpisodeKind kind = EpisodeKind::Exchange)
    {
        Episode e;
        e.id = newId();
        e.userId = kUser;
        e.kind = kind;
        e.content = text;
        e.conversationId = conversation;
        e.createdAt = e.updatedAt = e.lastAccessAt = at.isValid() ? at : m_fixture.clock().now().addSecs(-++m_age);
        if (auto st = m_store.insert(e); !st)
            qFatal("cannot insert: %s", qPrintable(st.errorMessage()));
        return e.id;
    }

    // Unrelated episodes, so that words of the test episodes are rare, as in a real history.
    void fill(int count)
    {
        for (int i = 0; i < count; ++i) {
            // No digits: a date in a question must not match them.
            const QString tag = QString(QChar(u'a' + i % 26)).repeated(1 + i / 26);
            add(i % 2 ? QStringLiteral("订单已经发货 %1").arg(tag) : QStringLiteral("Lunch was noodles %1").arg(tag));
        }
    }

private:
    EpisodeStore m_store;
    test::MemoryFixture& m_fixture;
    int m_age{};
};

QStringList ids(const QList<EpisodeHit>& hits)
{
    QStringList list;
    for (const EpisodeHit& h : hits)
        list.append(h.episode.id);
    return list;
}

QStringList search(test::MemoryFixture& m, const QString& query, int limit = 5,
                   std::optional<EpisodeKind> kind = std::nullopt)
{
    auto hits = m->retriever().searchEpisodes(kUser, query, limit, kind);
    if (!hits)
        qFatal("search failed: %s", qPrintable(hits.errorMessage()));
    return ids(*hits);
}

} // namespace

class TestRankedRetrieval final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findsChineseWordsInsideSentencesAndEnglishInflections()
    {
        test::MemoryFixture m;
        Episodes e(m);
        const QString limit = e.add(QStringLiteral("接口限流改成200次/分钟"));
        const QString deploy = e.add(QStringLiteral("We deployed the gateway on Friday"));
        e.add(QStringLiteral("晚饭吃了火锅"));
        QCOMPARE(search(m, QStringLiteral("限流是多少？")).value(0), limit);
        QCOMPARE(search(m, QStringLiteral("when was the deploying?")).value(0), deploy);
    }

    void functionWordsDoNotDecideTheAnswer()
    {
        test::MemoryFixture m;
        Episodes e(m);
        e.fill(30);
        // A few episodes share four function words of the question, one shares its content.
        for (int i = 0; i < 3; ++i)
            e.add(QStringLiteral("What did you say about it?"));
        const QString bike = e.add(QStringLiteral("The bike is red"));
        QCOMPARE(search(m, QStringLiteral("What did I say about the bike?")), QStringList{bike});
    }

    void theQuestionOutweighsTheChatterAroundIt()
    {
        test::MemoryFixture m;
        Episodes e(m);
        e.fill(20);
        const QString weather = e.add(QStringLiteral("今天天气真好，适合出去散步，心情也好"));
        const QString home = e.add(QStringLiteral("我住的小区叫世纪花园"));
        const QStringList found =
            search(m, QStringLiteral("今天天气真好，适合出去散步，心情也好。对了，我住的小区叫什么？"));
        QCOMPARE(found.value(0), home);
        QVERIFY(found.contains(weather)); // the chatter still counts, a little
    }

    void aNamedDateBringsThatDayForward()
    {
        test::MemoryFixture m;
        m.clock().set(QDateTime(QDate(2024, 2, 1), QTime(9, 0), Qt::UTC));
        Episodes e(m);
        e.fill(20);
        const QString fifth = e.add(QStringLiteral("I went to the science museum with Anna"), QStringLiteral("c1"),
                                    QDateTime(QDate(2024, 1, 5), QTime(18, 0), Qt::UTC));
        const QString later = e.add(QStringLiteral("I went to the science museum with Anna"), QStringLiteral("c2"),
                                    QDateTime(QDate(2024, 1, 20), QTime(18, 0), Qt::UTC));
        // Equal text: without the date the newer one comes first.
        QCOMPARE(search(m, QStringLiteral("Where did I go with Anna?")), (QStringList{later, fifth}));
        QCOMPARE(search(m, QStringLiteral("Where did I go with Anna on 5 January?")), (QStringList{fifth, later}));
    }

    void whatWasSaidAroundAMatchComesWithIt()
    {
        test::MemoryFixture m;
        Episodes e(m);
        e.fill(20);
        // The answer shares no word with the question but follows its match in one conversation.
        const QString naming = e.add(QStringLiteral("我住的小区叫世纪花园"), QStringLiteral("home"));
        const QString review = e.add(QStringLiteral("世纪花园绿化很多，就是停车有点难"), QStringLiteral("home"));
        const QString other = e.add(QStringLiteral("公司附近停车很难"), QStringLiteral("work"));
        const QStringList found = search(m, QStringLiteral("我住的小区停车方便吗？"));
        QCOMPARE(found.value(0), naming);
        QVERIFY(found.indexOf(review) >= 0);
        QVERIFY2(found.indexOf(review) < found.indexOf(other), qPrintable(found.join(QLatin1Char(','))));
    }

    void episodesWithMoreOfTheQuestionsWordsComeFirst()
    {
        test::MemoryFixture m;
        Episodes e(m);
        for (int i = 0; i < 6; ++i)
            e.add(QStringLiteral("Nicolas: talked about work and the weather, nothing much"));
        const QString both = e.add(QStringLiteral("Nicolas: I read before bed"));
        // Shorter, so by BM25 alone its one matching word would put it first.
        const QString bed = e.add(QStringLiteral("Vanessa: before bed"));
        const QStringList found = search(m, QStringLiteral("What does Nicolas do before bed?"));
        QCOMPARE(found.value(0), both);
        QVERIFY(found.contains(bed));
    }

    void eachQuestionOfACompoundQueryGetsItsAnswersNearTheTop()
    {
        test::MemoryFixture m;
        Episodes e(m);
        e.fill(20);
        // Many episodes share the long first question's words; one answers the short second one.
        QStringList cousin;
        for (const QString& text :
             {QStringLiteral("我表哥在杭州上班，单位叫瑞杰贸易公司"), QStringLiteral("我表哥的单位在杭州西湖边上"),
              QStringLiteral("我表哥上班的公司在杭州"), QStringLiteral("我表哥在杭州的单位效益不错"),
              QStringLiteral("我表哥每天坐地铁去杭州的公司上班"), QStringLiteral("我表哥说杭州的公司加班多")})
            cousin.append(e.add(text, QStringLiteral("c")));
        const QString phone = e.add(QStringLiteral("我的手机是小米11"), QStringLiteral("c"));
        const QStringList found =
            search(m, QStringLiteral("我表哥在杭州上班的那家公司单位叫什么名字？另外，我的手机呢？"), 5);
        QCOMPARE(found.size(), 5);
        QCOMPARE(found.value(0), cousin.first()); // the best answer of the first question stays first
        QVERIFY2(found.indexOf(phone) >= 0 && found.indexOf(phone) < 2, qPrintable(found.join(QLatin1Char(','))));
        // A single question is ranked as before: the phone does not come up for the cousin's work.
        QVERIFY(!search(m, QStringLiteral("我表哥在杭州上班的那家公司单位叫什么名字？"), 5).contains(phone));
    }

    void summariesAreFoundAmongManyBetterExchanges()
    {
        test::MemoryFixture m;
        Episodes e(m);
        for (int i = 0; i < 400; ++i)
            e.add(QStringLiteral("grafana dashboard grafana alert %1").arg(i));
        const QString summary = e.add(QStringLiteral("Summary: the team moved the grafana alerts to a new channel"),
                                      QString(), {}, EpisodeKind::Summary);
        QCOMPARE(search(m, QStringLiteral("grafana"), 3, EpisodeKind::Summary), QStringList{summary});
        QVERIFY(!search(m, QStringLiteral("grafana"), 10, EpisodeKind::Exchange).contains(summary));
    }

    void oneSearchForBothKindsFindsWhatTwoSearchesFind()
    {
        test::MemoryFixture m;
        Episodes e(m);
        e.fill(40);
        for (int i = 0; i < 60; ++i)
            e.add(QStringLiteral("grafana alert number %1 fired").arg(i), QStringLiteral("c%1").arg(i % 7));
        const QString summary = e.add(QStringLiteral("Summary: grafana alerts moved to the ops channel"), QString(), {},
                                      EpisodeKind::Summary);
        e.add(QStringLiteral("Summary: lunch plans for Friday"), QString(), {}, EpisodeKind::Summary);
        const QString query = QStringLiteral("where do grafana alerts go?");
        auto both = m->retriever().searchEpisodes(
            kUser, query,
            QList<EpisodeQuota>{EpisodeQuota{EpisodeKind::Summary, 3}, EpisodeQuota{EpisodeKind::Exchange, 7}});
        QVERIFY2(both, qPrintable(both.errorMessage()));
        QCOMPARE(both->size(), 2);
        QCOMPARE(ids(both->at(0)), QStringList{summary});
        QCOMPARE(ids(both->at(0)), search(m, query, 3, EpisodeKind::Summary));
        QCOMPARE(ids(both->at(1)), search(m, query, 7, EpisodeKind::Exchange));
        QCOMPARE(both->at(1).size(), 7);
    }

    void aPastedPageStillFindsTheQuestionAtItsEnd()
    {
        test::MemoryFixture m;
        Episodes e(m);
        e.fill(30);
        const QString bike = e.add(QStringLiteral("I parked the bike behind the library"));
        // Thousands of distinct words of chatter before the question: only the first terms of a
        // query are looked at, and the question's come first.
        QStringList words;
        for (int i = 0; i < 3000; ++i)
            words.append(QStringLiteral("w%1x").arg(i, 4, 36, QLatin1Char('0')));
        const QString query = words.join(QLatin1Char(' ')) + QStringLiteral(". Where did I park the bike?");
        QCOMPARE(search(m, query).value(0), bike);
    }

    void anotherUsersMatchesNeverHideOrLeakIntoMine()
    {
        test::MemoryFixture m;
        Episodes mine(m);
        const QString own = mine.add(QStringLiteral("deploy checklist for the billing service"));
        QVERIFY(m->ensureUser(QStringLiteral("other")));
        EpisodeStore store(m->database());
        QList<Episode> theirs;
        for (int i = 0; i < 600; ++i) {
            Episode o;
            o.id = newId();
            o.userId = QStringLiteral("other");
            o.content = QStringLiteral("deploy deploy billing %1").arg(i);
            o.createdAt = o.updatedAt = o.lastAccessAt = m.clock().now();
            theirs.append(o);
        }
        QVERIFY(store.insertAll(theirs));
        // Their rows fill the index's best places; mine must still be found, and only mine.
        QCOMPARE(search(m, QStringLiteral("deploy billing"), 10), QStringList{own});
    }
};

QTEST_GUILESS_MAIN(TestRankedRetrieval)
#include "tst_rankedretrieval.moc"
