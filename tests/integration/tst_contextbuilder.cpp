#include "MemoryFixture.h"
#include "core/TokenEstimator.h"
#include "storage/Database.h"
#include "storage/Sql.h"

#include <QSet>
#include <QTest>

using namespace engram;

namespace {

FactInput fact(const QString& predicate, const QString& object, double confidence = 0.9)
{
    FactInput in;
    in.predicate = predicate;
    in.object = object;
    in.confidence = confidence;
    return in;
}

QString systemText(const ContextResult& r)
{
    return !r.messages.isEmpty() && r.messages.first().role == Role::System ? r.messages.first().content : QString();
}

} // namespace

class TestContextBuilder final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void springBootFactsSurviveRestartAndReachNewConversation()
    {
        test::MemoryFixture m;
        const QString first = m.newConversation(QStringLiteral("dev"));
        m.addRound(QStringLiteral("dev"), first, QStringLiteral("我是Java后端开发，项目用的是Spring Boot 3"),
                   QStringLiteral("好的，记住了"));
        QVERIFY(m->rememberFact(QStringLiteral("dev"), fact(QStringLiteral("job"), QStringLiteral("Java 后端开发"))));
        QVERIFY(m->rememberFact(QStringLiteral("dev"),
                                fact(QStringLiteral("tech_stack"), QStringLiteral("Spring Boot 3"))));
        m.reopen(); // the app is closed and started again

        m.clock().advanceDays(1);
        auto second = m->createConversation(QStringLiteral("dev"), QStringLiteral("next day"));
        QVERIFY(second);
        ContextRequest r;
        r.userId = QStringLiteral("dev");
        r.conversationId = second->id;
        r.query = QStringLiteral("帮我看看这段配置为什么加载失败");
        r.systemPrompt = QStringLiteral("你是一个乐于助人的助手。");
        r.chinese = true;
        auto ctx = m->buildContext(r);
        QVERIFY2(ctx, qPrintable(ctx.errorMessage()));
        const QString system = systemText(*ctx);
        QVERIFY2(system.contains(QStringLiteral("【用户画像】")), qPrintable(system));
        QVERIFY(system.contains(QStringLiteral("Spring Boot 3")));
        QVERIFY(system.contains(QStringLiteral("Java 后端开发")));
        QCOMPARE(ctx->messages.last().content, r.query);
        QCOMPARE(ctx->section(QStringLiteral("profile"))->ids.size(), 2);
        // Using them counted as an access.
        for (const QString& id : ctx->section(QStringLiteral("profile"))->ids)
            QCOMPARE(m->item(QStringLiteral("dev"), id)->accessCount, 1);
    }

    void pendingFactStaysOutUntilConfirmed()
    {
        test::MemoryFixture m;
        const QString c = m.newConversation(QStringLiteral("u"));
        auto p = m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("location"), QStringLiteral("Lisbon"), 0.4));
        ContextRequest r{QStringLiteral("u"), c, QStringLiteral("hello"), QStringLiteral("sys"), false, true, {}};
        QVERIFY(!systemText(*m->buildContext(r)).contains(QStringLiteral("Lisbon")));
        QVERIFY(m->confirmFact(QStringLiteral("u"), p->fact.id));
        QVERIFY(systemText(*m->buildContext(r)).contains(QStringLiteral("Lisbon")));
    }

    // The profile is kept between turns while the facts stay as they were: any change shows in
    // the next context, whoever made it.
    void theProfileFollowsEveryChangeOfTheFacts()
    {
        test::MemoryFixture m;
        const QString u = QStringLiteral("u");
        const QString c = m.newConversation(u);
        auto city = m->addFact(u, QStringLiteral("user"), QStringLiteral("city"), QStringLiteral("Lisbon"));
        QVERIFY(city);
        ContextRequest r{u, c, QStringLiteral("hello"), QStringLiteral("sys"), false, true, {}};
        QVERIFY(systemText(*m->buildContext(r)).contains(QStringLiteral("Lisbon")));

        QVERIFY(m->edit(u, city->id, QStringLiteral("Porto")));
        QString text = systemText(*m->buildContext(r));
        QVERIFY2(text.contains(QStringLiteral("Porto")) && !text.contains(QStringLiteral("Lisbon")), qPrintable(text));

        auto pet = m->addFact(u, QStringLiteral("user"), QStringLiteral("pet"), QStringLiteral("a cat named Mochi"));
        QVERIFY(pet);
        QVERIFY(systemText(*m->buildContext(r)).contains(QStringLiteral("Mochi")));
        QVERIFY(m->remove(u, pet->id));
        QVERIFY(!systemText(*m->buildContext(r)).contains(QStringLiteral("Mochi")));

        // Written by another connection (engram-cli while the app runs).
        {
            auto other = Database::open(m.location());
            QVERIFY(other);
            QVERIFY(sql::execute((*other)->connection(),
                                 QStringLiteral("UPDATE facts SET object = 'Faro' WHERE object = 'Porto'")));
        }
        text = systemText(*m->buildContext(r));
        QVERIFY2(text.contains(QStringLiteral("Faro")) && !text.contains(QStringLiteral("Porto")), qPrintable(text));
    }

    void sectionsInOrderWithProvenance()
    {
        test::MemoryFixture m;
        const QString old = m.newConversation(QStringLiteral("u"));
        auto exchange = m->recordExchange(QStringLiteral("u"), old, QStringLiteral("How do I tune the redis cache?"),
                                          QStringLiteral("Use maxmemory-policy allkeys-lru."));
        auto summary = m->upsertSummary(QStringLiteral("u"), QStringLiteral("redis"),
                                        QStringLiteral("User runs redis 7 with a 2 GB cache for sessions"));
        QVERIFY(m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("name"), QStringLiteral("Ada"))));
        const QString c = m.newConversation(QStringLiteral("u"));
        m.addRound(QStringLiteral("u"), c, QStringLiteral("hi"), QStringLiteral("hello Ada"));
        auto stored = m->appendMessage(QStringLiteral("u"), c, Role::User, QStringLiteral("redis cache again"));
        QVERIFY(stored);

        ContextRequest r;
        r.userId = QStringLiteral("u");
        r.conversationId = c;
        r.query = stored->content;
        r.queryMessageId = stored->id;
        r.systemPrompt = QStringLiteral("You are helpful.");
        auto ctx = m->buildContext(r);
        QVERIFY(ctx);
        const QString system = systemText(*ctx);
        const qsizetype profileAt = system.indexOf(QStringLiteral("[User profile]"));
        const qsizetype summaryAt = system.indexOf(QStringLiteral("[Summary of earlier conversations]"));
        const qsizetype exchangeAt = system.indexOf(QStringLiteral("[Related past exchanges]"));
        QVERIFY(profileAt > 0 && summaryAt > profileAt && exchangeAt > summaryAt);
        QCOMPARE(ctx->section(QStringLiteral("summaries"))->ids, QStringList{summary->id});
        QCOMPARE(ctx->section(QStringLiteral("exchanges"))->ids, QStringList{exchange->id});
        // The window as real chat messages, then the new message exactly once, last.
        QCOMPARE(ctx->messages.size(), 4);
        QCOMPARE(ctx->messages[1].role, Role::User);
        QCOMPARE(ctx->messages[1].content, QStringLiteral("hi"));
        QCOMPARE(ctx->messages[2].role, Role::Assistant);
        QCOMPARE(ctx->messages[3].content, QStringLiteral("redis cache again"));
        QCOMPARE(ctx->section(QStringLiteral("window"))->ids.size(), 2);
        QVERIFY(!ctx->section(QStringLiteral("window"))->ids.contains(stored->id));
        // Provenance lists exactly what is in the prompt.
        const QStringList ids = ctx->memoryIds();
        QCOMPARE(QSet<QString>(ids.cbegin(), ids.cend()).size(), ids.size());
        for (const QString& id : ids)
            QVERIFY(m->item(QStringLiteral("u"), id));
    }

    void neverExceedsAnyBudget_data()
    {
        QTest::addColumn<int>("profileBudget");
        QTest::addColumn<int>("episodicBudget");
        QTest::addColumn<int>("windowBudget");
        QTest::newRow("tiny") << 45 << 60 << 40;
        QTest::newRow("small") << 120 << 150 << 100;
        QTest::newRow("default") << 800 << 1000 << 1000;
    }

    void neverExceedsAnyBudget()
    {
        QFETCH(int, profileBudget);
        QFETCH(int, episodicBudget);
        QFETCH(int, windowBudget);
        MemoryConfig config;
        config.profileBudget = profileBudget;
        config.episodicBudget = episodicBudget;
        config.windowBudget = windowBudget;
        config.windowRounds = 20;
        config.forgetEveryWrites = 100000;
        test::MemoryFixture m(config);
        const QString c = m.newConversation(QStringLiteral("u"));
        for (int i = 0; i < 60; ++i) {
            QVERIFY(
                m->rememberFact(QStringLiteral("u"),
                                fact(QStringLiteral("pref_%1").arg(i),
                                     QStringLiteral("喜欢第%1种很长的偏好描述 with some English words %1").arg(i))));
            QVERIFY(m->recordExchange(QStringLiteral("u"), {},
                                      QStringLiteral("数据库 database question %1 索引优化").arg(i),
                                      QStringLiteral("answer %1 ").arg(i).repeated(10)));
            QVERIFY(m->upsertSummary(QStringLiteral("u"), QStringLiteral("topic %1").arg(i),
                                     QStringLiteral("数据库 summary %1 ").arg(i).repeated(8)));
        }
        for (int i = 0; i < 15; ++i)
            m.addRound(QStringLiteral("u"), c, QStringLiteral("数据库 window question %1").arg(i).repeated(3),
                       QStringLiteral("reply %1").arg(i).repeated(6));
        ContextRequest r;
        r.userId = QStringLiteral("u");
        r.conversationId = c;
        r.query = QStringLiteral("数据库 索引 database");
        r.systemPrompt = QStringLiteral("sys");
        auto ctx = m->buildContext(r);
        QVERIFY(ctx);
        int episodic = 0;
        for (const ContextSection& s : ctx->sections) {
            if (s.budget > 0)
                QVERIFY2(s.tokens <= s.budget, qPrintable(s.name));
            if (s.name == QLatin1String("summaries") || s.name == QLatin1String("exchanges"))
                episodic += s.tokens;
        }
        QVERIFY(episodic <= episodicBudget);
        const ContextSection* profile = ctx->section(QStringLiteral("profile"));
        QVERIFY(profile && !profile->ids.isEmpty());
        // The tokens counted per section are the tokens of what is really in the prompt.
        int windowTokens = 0;
        for (qsizetype i = 1; i + 1 < ctx->messages.size(); ++i)
            windowTokens += TokenEstimator::estimate(ctx->messages[i].content) + TokenEstimator::kPerMessageOverhead;
        QCOMPARE(windowTokens, ctx->section(QStringLiteral("window"))->tokens);
        // Items are whole: every listed fact's value appears complete in the prompt.
        for (const QString& id : profile->ids)
            QVERIFY(systemText(*ctx).contains(m->item(QStringLiteral("u"), id)->object));
    }

    void profileSkipsALongFactForShorterOnesInPriorityOrder()
    {
        MemoryConfig config;
        config.profileBudget = 60;
        test::MemoryFixture m(config);
        const QString u = QStringLiteral("u");
        QVERIFY(m->ensureUser(u));
        const QString longFact = m->rememberFact(u, fact(QStringLiteral("bio"),
                                                         QStringLiteral("a very long description ").repeated(12), 0.95))
                                     ->fact.id;
        QStringList shortFacts;
        for (int i = 0; i < 40; ++i)
            shortFacts.append(
                m->rememberFact(u, fact(QStringLiteral("k%1").arg(i), QStringLiteral("v%1").arg(i), 0.8))->fact.id);
        const QString pinned = m->rememberFact(u, fact(QStringLiteral("name"), QStringLiteral("Ada"), 0.6))->fact.id;
        QVERIFY(m->setPinned(u, pinned, true));
        ContextRequest r;
        r.userId = u;
        r.query = QStringLiteral("hello");
        auto ctx = m->buildContext(r);
        QVERIFY2(ctx, qPrintable(ctx.errorMessage()));
        const ContextSection* profile = ctx->section(QStringLiteral("profile"));
        QVERIFY(profile);
        QVERIFY(profile->tokens <= config.profileBudget);
        // Pinned first, the long fact passed over, then the short ones in the order they came.
        QCOMPARE(profile->ids.value(0), pinned);
        QVERIFY(!profile->ids.contains(longFact));
        QVERIFY(profile->ids.size() > 3);
        QCOMPARE(profile->ids.mid(1), shortFacts.mid(0, profile->ids.size() - 1));
    }

    void incognitoOrMemoryOffLeavesMemoryOut()
    {
        test::MemoryFixture m;
        const QString c = m.newConversation(QStringLiteral("u"));
        QVERIFY(m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("name"), QStringLiteral("Grace"))));
        ContextRequest r{QStringLiteral("u"), c, QStringLiteral("who am I"), QStringLiteral("sys"), false, false, {}};
        auto ctx = m->buildContext(r);
        QVERIFY(!systemText(*ctx).contains(QStringLiteral("Grace")));
        QVERIFY(ctx->memoryIds().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestContextBuilder)
#include "tst_contextbuilder.moc"
