#include "FakeLlmServer.h"
#include "FakeReply.h"
#include "MemoryFixture.h"
#include "TestSupport.h"
#include "llm/LlmClient.h"
#include "memory/JobRunner.h"
#include "memory/TurnPipeline.h"
#include "storage/Sql.h"

#include <QSignalSpy>
#include <QTest>

using namespace engram;
using engram::test::FakeLlmServer;
using engram::test::FakeReply;
namespace FakeMatch = engram::test::FakeMatch;

namespace {

constexpr int kWaitMs = 15000;

Json extraction(std::initializer_list<std::tuple<const char*, const char*, double>> facts)
{
    Json list = Json::array();
    for (const auto& [predicate, object, confidence] : facts)
        list.push_back({{"subject", "user"}, {"predicate", predicate}, {"object", object}, {"confidence", confidence}});
    return {{"facts", list}, {"updates", Json::array()}, {"deletes", Json::array()}};
}

QString systemOf(const test::RecordedRequest& r)
{
    if (!r.isChat())
        return {}; // e.g. an embeddings request
    const auto& messages = r.json.at("messages");
    for (const auto& m : messages) {
        if (m.value("role", std::string()) == "system")
            return QString::fromStdString(m.value("content", std::string()));
    }
    return {};
}

LlmSettings keywordSearchOnly(LlmSettings settings)
{
    settings.embeddingModel.clear();
    return settings;
}

// The fact as it stands now, found by its value among the user's current (active or pending) facts.
std::optional<Fact> currentFact(MemoryService& memory, const QString& userId, const QString& object)
{
    const auto facts = memory.currentFacts(userId);
    for (const Fact& f : *facts) {
        if (f.object == object)
            return f;
    }
    return std::nullopt;
}

// One app's worth of wiring over a real database file and a real local HTTP server. Retrieval is
// BM25 alone here (what these tests pin down); tst_embeddings covers the pipeline with vectors.
struct Harness
{
    explicit Harness(MemoryConfig config = {})
        : memory(config)
        , client(keywordSearchOnly(server.clientSettings()))
        , jobs(memory.service(), client)
        , pipeline(memory.service(), client, &jobs)
    {
        QVERIFY(server.isListening());
    }

    // Sends a message and waits for the turn to end; returns the stored reply (or an empty one).
    Message say(const QString& userId, const Conversation& c, const QString& text, bool* failed = nullptr)
    {
        auto turn = pipeline.send(userId, c, text);
        if (!turn)
            qFatal("send failed: %s", qPrintable(turn.errorMessage()));
        QSignalSpy done(*turn, &Turn::finished);
        QSignalSpy error(*turn, &Turn::failed);
        if (!QTest::qWaitFor([&] { return !done.isEmpty() || !error.isEmpty(); }, kWaitMs))
            qFatal("the turn did not end");
        if (failed)
            *failed = !error.isEmpty();
        return done.isEmpty() ? Message() : done.first().first().value<Message>();
    }

    // One turn whose extraction job has run.
    void sayAndLearn(const Conversation& c, const QString& text, const QString& reply, const Json& learned)
    {
        server.enqueue(FakeMatch::streaming(), FakeReply::stream(reply));
        server.enqueue(FakeMatch::extraction(), FakeReply::json(learned));
        say(c.userId, c, text);
        runJobs();
    }

    void runJobs()
    {
        QSignalSpy drained(&jobs, &JobRunner::drained);
        jobs.drainOnce();
        if (!drained.wait(kWaitMs) && drained.isEmpty())
            qFatal("jobs did not drain");
    }

    Conversation conversation(const QString& userId, bool incognito = false)
    {
        if (!memory->ensureUser(userId))
            qFatal("no user");
        auto c = memory->createConversation(userId, QStringLiteral("t"), incognito);
        if (!c)
            qFatal("no conversation");
        return *c;
    }

    QStringList currentObjects(const QString& userId, const QString& predicate)
    {
        QStringList objects;
        const auto facts = memory->activeFacts(userId);
        for (const Fact& f : *facts) {
            if (f.predicate == predicate)
                objects.append(f.object);
        }
        return objects;
    }

    FakeLlmServer server;
    test::MemoryFixture memory;
    LlmClient client;
    JobRunner jobs;
    TurnPipeline pipeline;
};

} // namespace

class TestTurnPipeline final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<Message>();
        qRegisterMetaType<AppliedFacts>();
    }

    void springBootFactsReachANewConversation()
    {
        Harness h;
        const Conversation first = h.conversation(QStringLiteral("dev"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("好的，Spring Boot 3 我熟悉。"), 3));
        h.server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction({{"job", "Java 后端开发", 0.9},
                                                                              {"tech_stack", "Spring Boot 3", 0.9}})));
        const Message reply =
            h.say(QStringLiteral("dev"), first, QStringLiteral("我是Java后端开发，项目用的是Spring Boot 3"));
        QCOMPARE(reply.content, QStringLiteral("好的，Spring Boot 3 我熟悉。"));
        h.runJobs();
        QVERIFY(h.currentObjects(QStringLiteral("dev"), QStringLiteral("tech_stack"))
                    .contains(QStringLiteral("Spring Boot 3")));

        h.memory.reopen();
        MemoryService& reopened = h.memory.service();
        LlmClient client(h.server.clientSettings());
        TurnPipeline pipeline(reopened, client, nullptr);
        auto second = reopened.createConversation(QStringLiteral("dev"), QStringLiteral("next day"));
        h.server.clearRequests();
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("看看你的 application.yml")));
        auto turn = pipeline.send(QStringLiteral("dev"), *second, QStringLiteral("帮我看看这段配置为什么加载失败"));
        QVERIFY(turn);
        QSignalSpy done(*turn, &Turn::finished);
        QVERIFY(done.wait(kWaitMs));
        const QString system = systemOf(h.server.lastRequest());
        QVERIFY2(system.contains(QStringLiteral("Spring Boot 3")), qPrintable(system));
        QVERIFY(system.contains(QStringLiteral("【用户画像】")));
    }

    void storedReplyListsTheMemoriesOfItsContext()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.sayAndLearn(c, QStringLiteral("我在做星火计划项目"), QStringLiteral("星火计划听起来不错"),
                      extraction({{"project", "星火计划", 0.9}}));

        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("进展如何？")));
        auto turn = h.pipeline.send(QStringLiteral("u"), c, QStringLiteral("星火计划下周上线"));
        QVERIFY(turn);
        // Every memory of the context; the new message itself is not one.
        QStringList contextIds = (*turn)->context.memoryIds();
        QVERIFY(contextIds.removeAll((*turn)->userMessageId) == 1);
        QSignalSpy done(*turn, &Turn::finished);
        QVERIFY(done.wait(kWaitMs));
        const QString replyId = done.first().first().value<Message>().id;

        // The profile fact and the first exchange's messages went in; the stored reply says which.
        QVERIFY(contextIds.contains(h.memory->activeFacts(QStringLiteral("u"))->first().id));
        QVERIFY(contextIds.size() >= 3);
        const auto transcript = h.memory->transcript(QStringLiteral("u"), c.id);
        QVERIFY(transcript);
        QList<UsedMemory> used;
        for (const Message& m : *transcript) {
            if (m.id == replyId)
                used = usedMemoriesFromMetadata(m.metadata);
        }
        QStringList storedIds;
        for (const UsedMemory& m : std::as_const(used)) {
            storedIds.append(m.id);
            QVERIFY2(!m.label.isEmpty(), qPrintable(m.id));
            QVERIFY(m.label.size() <= kUsedMemoryLabelChars);
        }
        QCOMPARE(storedIds, contextIds);
        QCOMPARE(used.first().tier, Tier::Semantic);
        QVERIFY(used.first().label.contains(QStringLiteral("星火计划")));
    }

    void projectUpdateLeavesOneCurrentFact()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.sayAndLearn(c, QStringLiteral("我在做星火计划项目"), QStringLiteral("星火计划听起来不错"),
                      extraction({{"project", "星火计划", 0.9}}));
        QCOMPARE(h.currentObjects(QStringLiteral("u"), QStringLiteral("project")),
                 QStringList{QStringLiteral("星火计划")});

        h.memory.clock().advanceDays(30);
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("短视频方向很有前景")));
        h.server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction({{"project", "短视频", 0.9}})));
        h.say(QStringLiteral("u"), c, QStringLiteral("我转做短视频了"));
        h.runJobs();
        QCOMPARE(h.currentObjects(QStringLiteral("u"), QStringLiteral("project")),
                 QStringList{QStringLiteral("短视频")});
        const QString id = h.memory->activeFacts(QStringLiteral("u"))->first().id;
        bool oldInHistory = false;
        const auto history = h.memory->history(QStringLiteral("u"), id);
        QVERIFY(history);
        for (const HistoryEntry& e : *history)
            oldInHistory =
                oldInHistory || (e.before.is_object() && e.before.value("object", std::string()) == "星火计划");
        QVERIFY(oldInHistory);
    }

    void jokeIsNotStored()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("哈哈，欢迎来到地球！")));
        // A model that follows the contract returns nothing for a joke; wrapped in prose and fences.
        h.server.enqueue(FakeMatch::extraction(),
                         FakeReply::text(QStringLiteral("这是玩笑，不记录。\n```json\n{\"facts\": [], \"updates\": [], "
                                                        "\"deletes\": []}\n```\n以上。")));
        h.say(QStringLiteral("u"), c, QStringLiteral("我是外星人哈哈"));
        h.runJobs();
        QVERIFY(h.memory->activeFacts(QStringLiteral("u"))->isEmpty());
        QCOMPARE(h.memory->counts(QStringLiteral("u"))->pending, 0);
        QVERIFY(h.jobs.pending()->isEmpty());
    }

    void fencedExtractionWithProseIsRead()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Nice to meet you, Ada.")));
        h.server.enqueue(
            FakeMatch::extraction(),
            FakeReply::text(QStringLiteral("Here is what I found:\n```json\n{\"facts\":[{\"subject\":\"user\","
                                           "\"predicate\":\"employer\",\"object\":\"Initech\","
                                           "\"confidence\":0.85}]}\n```\nHope this helps!")));
        h.say(QStringLiteral("u"), c, QStringLiteral("Hi, I work at Initech these days."));
        h.runJobs();
        QCOMPARE(h.currentObjects(QStringLiteral("u"), QStringLiteral("employer")),
                 QStringList{QStringLiteral("Initech")});
    }

    void pendingFactStaysOutOfContextUntilConfirmed()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("ok")));
        h.server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction({{"location", "Reykjavik", 0.4}})));
        h.say(QStringLiteral("u"), c, QStringLiteral("Might be moving to Reykjavik, not sure."));
        h.runJobs();
        QCOMPARE(h.memory->counts(QStringLiteral("u"))->pending, 1);

        h.server.clearRequests();
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("ok")));
        h.say(QStringLiteral("u"), h.conversation(QStringLiteral("u")), QStringLiteral("where do I live?"));
        QVERIFY(!systemOf(h.server.lastRequest()).contains(QStringLiteral("Reykjavik")));

        ItemQuery pending;
        pending.tier = Tier::Semantic;
        pending.status = QStringLiteral("pending");
        QVERIFY(h.memory->confirmFact(QStringLiteral("u"), h.memory->list(QStringLiteral("u"), pending)->first().id));
        h.server.clearRequests();
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Reykjavik")));
        h.say(QStringLiteral("u"), h.conversation(QStringLiteral("u")), QStringLiteral("where do I live?"));
        QVERIFY(systemOf(h.server.lastRequest()).contains(QStringLiteral("Reykjavik")));
    }

    void summaryOfEvictedTurnsKeepsNumbers()
    {
        MemoryConfig config;
        config.windowRounds = 1;
        config.summaryBufferThreshold = 4;
        Harness h(config);
        const Conversation c = h.conversation(QStringLiteral("u"));
        const QStringList said{QStringLiteral("API 限流改成 200 次/分钟"), QStringLiteral("网关用的是 Kong 3.4"),
                               QStringLiteral("今天先到这")};
        for (const QString& text : said) {
            h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("好的")));
            h.say(QStringLiteral("u"), c, text);
        }
        // Two rounds left the window: the summary job is queued with their four messages.
        h.server.clearRequests();
        h.server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction({})));
        h.server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction({})));
        h.server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction({})));
        h.server.enqueue(FakeMatch::extraction(),
                         FakeReply::json({{"topic", "API 网关"},
                                          {"summary", "用户把 API 限流改成 200 次/分钟，网关是 Kong 3.4。"}}));
        h.runJobs();
        bool sentNumbers = false;
        for (const auto& r : h.server.requests()) {
            const QString body = QString::fromUtf8(r.body);
            if (systemOf(r).contains(QStringLiteral("对话摘要器")) && body.contains(QStringLiteral("200 次/分钟")))
                sentNumbers = true;
        }
        QVERIFY2(sentNumbers, "the summary request carries the evicted messages verbatim");
        ItemQuery episodes;
        episodes.tier = Tier::Episodic;
        QString summary;
        const auto items = h.memory->list(QStringLiteral("u"), episodes);
        QVERIFY(items);
        for (const MemoryItem& item : *items) {
            if (item.kind == QLatin1String("summary"))
                summary = item.content;
        }
        QVERIFY2(summary.contains(QStringLiteral("200 次/分钟")), qPrintable(summary));
        QVERIFY(h.memory->summaryBuffer(QStringLiteral("u"))->isEmpty());
    }

    void incognitoTurnLeavesEveryTierUnchanged()
    {
        Harness h;
        const Conversation normal = h.conversation(QStringLiteral("u"));
        QVERIFY(h.memory->addFact(QStringLiteral("u"), QStringLiteral("user"), QStringLiteral("name"),
                                  QStringLiteral("Ada")));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("hi")));
        h.say(QStringLiteral("u"), normal, QStringLiteral("hello"));
        h.runJobs();
        const auto before = *h.memory->counts(QStringLiteral("u"));
        const qint64 changesBefore =
            h.memory->history(QStringLiteral("u"), h.memory->activeFacts(QStringLiteral("u"))->first().id)->size();
        const int accessBefore = h.memory->activeFacts(QStringLiteral("u"))->first().accessCount;

        const Conversation secret = h.conversation(QStringLiteral("u"), true);
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Your secret is safe, Ada.")));
        const Message reply = h.say(QStringLiteral("u"), secret, QStringLiteral("我叫张三，我在做秘密项目"));
        QCOMPARE(reply.content, QStringLiteral("Your secret is safe, Ada."));
        QVERIFY(systemOf(h.server.lastRequest()).contains(QStringLiteral("Ada"))); // memory is read
        h.runJobs();
        const auto after = *h.memory->counts(QStringLiteral("u"));
        QCOMPARE(after.working, before.working);
        QCOMPARE(after.episodic, before.episodic);
        QCOMPARE(after.semantic, before.semantic);
        QCOMPARE(after.pending, before.pending);
        QCOMPARE(h.memory->activeFacts(QStringLiteral("u"))->first().accessCount, accessBefore);
        QCOMPARE(h.memory->history(QStringLiteral("u"), h.memory->activeFacts(QStringLiteral("u"))->first().id)->size(),
                 changesBefore);
        QVERIFY(h.memory->conversations(QStringLiteral("u"))->size() == 1);
        QVERIFY(!test::rawDatabaseBytes(h.memory.path()).contains(QStringLiteral("秘密项目").toUtf8()));
    }

    void bareCorrectionTakesTheRepliedFactOutOfTheContext()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        QSignalSpy learned(&h.pipeline, &TurnPipeline::factsLearned);
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("好的，你在字节跳动工作。")));
        h.say(QStringLiteral("u"), c, QStringLiteral("我在字节跳动工作"));
        QVERIFY(systemOf(h.server.lastRequest()).contains(QStringLiteral("employer: 字节跳动")));
        QCOMPARE(currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("字节跳动"))->status,
                 ItemStatus::Active);

        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("抱歉，是我记错了。")));
        h.say(QStringLiteral("u"), c, QStringLiteral("不对"));
        const auto fact = currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("字节跳动"));
        QVERIFY(fact);
        QCOMPARE(fact->status, ItemStatus::Pending);
        QVERIFY(fact->confidence < h.memory->config().pendingBelow);
        const QString system = systemOf(h.server.lastRequest());
        QVERIFY2(!system.contains(QStringLiteral("employer: 字节跳动")), qPrintable(system));
        const auto last = learned.last().at(1).value<AppliedFacts>();
        QCOMPARE(last.changes.size(), 1);
        QCOMPARE(last.changes.first().outcome, SemanticMemory::Outcome::Weakened);
        QCOMPARE(last.changes.first().object, QStringLiteral("字节跳动"));
    }

    void correctionWithTheNewValueSupersedesOnlyTheDisputedFact()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        QVERIFY(h.memory->rememberFact(QStringLiteral("u"),
                                       test::automaticFact(QStringLiteral("location"), QStringLiteral("北京"))));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("字节跳动在北京的办公室很大。")));
        h.say(QStringLiteral("u"), c, QStringLiteral("我在字节跳动工作"));
        const QString oldId = currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("字节跳动"))->id;

        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("明白，阿里。")));
        h.say(QStringLiteral("u"), c, QStringLiteral("不对，我在阿里工作"));
        QCOMPARE(h.currentObjects(QStringLiteral("u"), QStringLiteral("employer")),
                 QStringList{QStringLiteral("阿里")});
        QCOMPARE(h.memory->item(QStringLiteral("u"), oldId)->status, QStringLiteral("superseded"));
        QVERIFY(!currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("字节跳动")));
        // The reply also named the city; the user disputed the employer only.
        const auto city = currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("北京"));
        QCOMPARE(city->status, ItemStatus::Active);
        QCOMPARE(city->confidence, 0.9);
        QVERIFY(systemOf(h.server.lastRequest()).contains(QStringLiteral("employer: 阿里")));
    }

    void confirmationBringsAPendingFactIntoTheContext()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        QVERIFY(h.memory->rememberFact(QStringLiteral("u"),
                                       test::automaticFact(QStringLiteral("location"), QStringLiteral("杭州"), 0.4)));
        QSignalSpy learned(&h.pipeline, &TurnPipeline::factsLearned);
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("如果你在杭州，可以去西湖走走。")));
        h.say(QStringLiteral("u"), c, QStringLiteral("周末去哪儿玩好"));
        QVERIFY(!systemOf(h.server.lastRequest()).contains(QStringLiteral("location: 杭州")));

        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("那西湖和灵隐寺都值得去。")));
        h.say(QStringLiteral("u"), c, QStringLiteral("对，没错"));
        const auto fact = currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("杭州"));
        QCOMPARE(fact->status, ItemStatus::Active);
        QVERIFY(fact->confidence >= 0.9);
        const QString system = systemOf(h.server.lastRequest());
        QVERIFY2(system.contains(QStringLiteral("location: 杭州")), qPrintable(system));
        QCOMPARE(learned.last().at(1).value<AppliedFacts>().changes.first().outcome,
                 SemanticMemory::Outcome::Confirmed);
    }

    void correctionOfAReplyThatNamesNoFactChangesNothing()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        QVERIFY(h.memory->rememberFact(QStringLiteral("u"),
                                       test::automaticFact(QStringLiteral("employer"), QStringLiteral("字节跳动"))));
        QSignalSpy learned(&h.pipeline, &TurnPipeline::factsLearned);
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("今天是晴天，适合出门。")));
        h.say(QStringLiteral("u"), c, QStringLiteral("今天天气怎么样"));
        const Fact before = *currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("字节跳动"));
        const auto historyBefore = h.memory->history(QStringLiteral("u"), before.id)->size();

        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("抱歉，可能是我看错了。")));
        h.say(QStringLiteral("u"), c, QStringLiteral("不对"));
        const Fact after = *currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("字节跳动"));
        QCOMPARE(after.status, ItemStatus::Active);
        QCOMPARE(after.confidence, before.confidence);
        QCOMPARE(h.memory->history(QStringLiteral("u"), before.id)->size(), historyBefore);
        QVERIFY(learned.isEmpty());
        QVERIFY(systemOf(h.server.lastRequest()).contains(QStringLiteral("employer: 字节跳动")));
    }

    void englishCorrectionTakesTheFactOutOfTheContext()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Nice, Google has great food.")));
        h.say(QStringLiteral("u"), c, QStringLiteral("I work at Google"));
        QCOMPARE(currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("Google"))->status,
                 ItemStatus::Active);

        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Sorry about that.")));
        h.say(QStringLiteral("u"), c, QStringLiteral("No, that's wrong"));
        QCOMPARE(currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("Google"))->status,
                 ItemStatus::Pending);
        QVERIFY(!systemOf(h.server.lastRequest()).contains(QStringLiteral("employer: Google")));
    }

    void manualFactIsNotWeakenedByACorrection()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        QVERIFY(h.memory->addFact(QStringLiteral("u"), QStringLiteral("user"), QStringLiteral("employer"),
                                  QStringLiteral("字节跳动")));
        QSignalSpy learned(&h.pipeline, &TurnPipeline::factsLearned);
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("字节跳动的后端多用 Go。")));
        h.say(QStringLiteral("u"), c, QStringLiteral("推荐一门后端语言"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("好的。")));
        h.say(QStringLiteral("u"), c, QStringLiteral("不对"));
        const auto fact = currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("字节跳动"));
        QCOMPARE(fact->status, ItemStatus::Active);
        QCOMPARE(fact->confidence, 1.0);
        QVERIFY(learned.isEmpty());
        QVERIFY(systemOf(h.server.lastRequest()).contains(QStringLiteral("employer: 字节跳动")));
    }

    void incognitoCorrectionChangesNothing()
    {
        Harness h;
        const Conversation secret = h.conversation(QStringLiteral("u"), true);
        QVERIFY(h.memory->rememberFact(QStringLiteral("u"),
                                       test::automaticFact(QStringLiteral("employer"), QStringLiteral("字节跳动"))));
        const Fact before = *currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("字节跳动"));
        QSignalSpy learned(&h.pipeline, &TurnPipeline::factsLearned);
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("你在字节跳动工作。")));
        h.say(QStringLiteral("u"), secret, QStringLiteral("我在哪里工作"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("好的。")));
        h.say(QStringLiteral("u"), secret, QStringLiteral("不对"));
        const Fact after = *currentFact(h.memory.service(), QStringLiteral("u"), QStringLiteral("字节跳动"));
        QCOMPARE(after.status, ItemStatus::Active);
        QCOMPARE(after.confidence, before.confidence);
        QVERIFY(learned.isEmpty());
        QVERIFY(systemOf(h.server.lastRequest()).contains(QStringLiteral("employer: 字节跳动")));
    }

    void userMessageIsKeptWhenTheModelFails_data()
    {
        QTest::addColumn<int>("status");
        QTest::newRow("bad key") << 401;
        QTest::newRow("unknown model") << 404;
        QTest::newRow("server error") << 500;
    }

    void userMessageIsKeptWhenTheModelFails()
    {
        QFETCH(int, status);
        Harness h;
        h.client.setSettings([&] {
            LlmSettings s = h.server.clientSettings();
            s.maxRetries = 0;
            return s;
        }());
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::error(status, QStringLiteral("nope")));
        bool failed = false;
        h.say(QStringLiteral("u"), c, QStringLiteral("please remember this question"), &failed);
        QVERIFY(failed);
        const auto transcript = *h.memory->transcript(QStringLiteral("u"), c.id);
        QCOMPARE(transcript.size(), 1);
        QCOMPARE(transcript.first().content, QStringLiteral("please remember this question"));

        // Retry asks again for the same stored message.
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Here you go")));
        auto turn = h.pipeline.retry(QStringLiteral("u"), c, transcript.first().id);
        QVERIFY(turn);
        QSignalSpy done(*turn, &Turn::finished);
        QVERIFY(done.wait(kWaitMs));
        QCOMPARE(h.memory->transcript(QStringLiteral("u"), c.id)->size(), 2);
    }

    void unreachableEndpointKeepsMessageAndJobs()
    {
        Harness h;
        LlmSettings s = h.server.clientSettings();
        s.baseUrl = QStringLiteral("http://127.0.0.1:9/v1"); // discard port: nothing listens
        s.maxRetries = 0;
        h.client.setSettings(s);
        const Conversation c = h.conversation(QStringLiteral("u"));
        bool failed = false;
        h.say(QStringLiteral("u"), c, QStringLiteral("are you there?"), &failed);
        QVERIFY(failed);
        QCOMPARE(h.memory->transcript(QStringLiteral("u"), c.id)->size(), 1);
    }

    void brokenStreamKeepsThePartReceived_data()
    {
        QTest::addColumn<FakeReply>("reply");
        QTest::addColumn<int>("deadlineMs");
        const QString text = QStringLiteral("The first words of a long answer, ").repeated(20);
        QTest::newRow("dropped connection") << FakeReply::stream(text).withDropAfter(1500) << 300000;
        QTest::newRow("error inside the stream")
            << FakeReply::stream(QStringLiteral("Half an answer")).withStreamError(QStringLiteral("overloaded")) << 300000;
        QTest::newRow("endless keep-alive past the deadline")
            << FakeReply::stream(QStringLiteral("Half an answer")).withEndlessKeepAlive(50) << 1500;
    }

    // "The part received so far is kept": it is, in the transcript, marked interrupted, after a restart too.
    void brokenStreamKeepsThePartReceived()
    {
        QFETCH(FakeReply, reply);
        QFETCH(int, deadlineMs);
        Harness h;
        LlmSettings settings = keywordSearchOnly(h.server.clientSettings());
        settings.replyDeadlineMs = deadlineMs;
        h.client.setSettings(settings);
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.server.enqueue(FakeMatch::streaming(), reply);
        auto turn = h.pipeline.send(QStringLiteral("u"), c, QStringLiteral("tell me everything"));
        QVERIFY(turn);
        QString partial;
        QString keptId;
        connect(*turn, &Turn::failed, this, [&, t = *turn](const LlmError&, const QString& text) {
            partial = text;
            keptId = t->keptReplyId;
        });
        QVERIFY(QTest::qWaitFor([&] { return !partial.isEmpty(); }, 30000));
        QVERIFY(!keptId.isEmpty());
        // Not learnt from: the retry brings the whole reply, and the jobs with it.
        QVERIFY(h.jobs.pending(QStringLiteral("u"))->isEmpty());

        // What the next start of the app reads from the file.
        auto restarted = MemoryService::open(h.memory.location(), MemoryConfig{}, h.memory.clock());
        QVERIFY(restarted);
        const auto transcript = *(*restarted)->transcript(QStringLiteral("u"), c.id);
        QCOMPARE(transcript.size(), 2);
        QCOMPARE(transcript.last().id, keptId);
        QCOMPARE(transcript.last().role, Role::Assistant);
        QCOMPARE(transcript.last().status, MessageStatus::Failed);
        QCOMPARE(transcript.last().content, partial);
    }

    // The memory goes away in the middle of a turn (the server's connection is cut and it refuses
    // new ones; on a file, writes fail as on a full disk): the reply is shown, kept, and stored
    // with its exchange once the memory is back. Nothing the user said or was told is lost.
    void aMemoryLostMidTurnLosesNothing()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        const QString answer = QStringLiteral("Pack a warm coat and waterproof boots for Oslo.");
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(answer).withChunkBytes(64, 30));
        QSignalSpy delayed(&h.pipeline, &TurnPipeline::savingDelayed);
        QSignalSpy savedAgain(&h.pipeline, &TurnPipeline::savedAgain);
        auto turn = h.pipeline.send(QStringLiteral("u"), c, QStringLiteral("what should I pack for Oslo?"));
        QVERIFY(turn);
        QSignalSpy done(*turn, &Turn::finished);
        bool gone = false;
        const auto goAway = [&] {
            if (gone)
                return;
            gone = true;
            if (h.memory.where().isServer())
                h.memory.where().goAway();
            else
                QVERIFY(test::refuseInserts(h.memory->database(), QStringLiteral("messages")));
        };
        connect(*turn, &Turn::delta, this, goAway);
        QVERIFY(QTest::qWaitFor([&] { return !done.isEmpty(); }, kWaitMs));
        QVERIFY(gone);
        QCOMPARE(done.first().first().value<Message>().content, answer); // shown all the same
        QCOMPARE(delayed.size(), 1);
        QCOMPARE(h.pipeline.unsavedReplies(), 1);

        if (h.memory.where().isServer())
            h.memory.where().comeBack();
        else
            QVERIFY(sql::execute(h.memory->database().connection(), QStringLiteral("DROP TRIGGER refuse_messages")));
        QVERIFY(QTest::qWaitFor([&] { return !savedAgain.isEmpty(); }, 20000));
        QCOMPARE(h.pipeline.unsavedReplies(), 0);

        auto restarted = MemoryService::open(h.memory.location(), MemoryConfig{}, h.memory.clock());
        QVERIFY(restarted);
        const auto transcript = *(*restarted)->transcript(QStringLiteral("u"), c.id);
        QCOMPARE(transcript.size(), 2);
        QCOMPARE(transcript.first().content, QStringLiteral("what should I pack for Oslo?"));
        QCOMPARE(transcript.last().content, answer);
        QCOMPARE((*restarted)->counts(QStringLiteral("u"))->episodic, 1); // the exchange came with it
    }

    void runawayReplyIsCutKeptAndMarked()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        const QString text = QStringLiteral("All work and no play. ").repeated(kMaxReplyChars / 22 + 2000);
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(text).withDeltaChars(4096));
        const Message reply = h.say(QStringLiteral("u"), c, QStringLiteral("write forever"));
        QVERIFY(TurnPipeline::isCut(reply));
        QCOMPARE(reply.status, MessageStatus::Stopped);
        QCOMPARE(reply.content.size(), kMaxReplyChars);
        QVERIFY(text.startsWith(reply.content));
        auto restarted = MemoryService::open(h.memory.location(), MemoryConfig{}, h.memory.clock());
        QVERIFY(restarted);
        const Message stored = (*restarted)->transcript(QStringLiteral("u"), c.id)->last();
        QCOMPARE(stored.content.size(), kMaxReplyChars);
        QVERIFY(TurnPipeline::isCut(stored));
    }

    void stopKeepsPartialReplyMarkedStopped()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.server.enqueue(FakeMatch::streaming(),
                         FakeReply::stream(QStringLiteral("The first part. ").repeated(40)).withChunkBytes(8, 20));
        auto turn = h.pipeline.send(QStringLiteral("u"), c, QStringLiteral("tell me a long story"));
        QVERIFY(turn);
        QSignalSpy deltas(*turn, &Turn::delta);
        QSignalSpy done(*turn, &Turn::finished);
        QVERIFY(QTest::qWaitFor([&] { return deltas.size() >= 2; }, kWaitMs));
        (*turn)->stop();
        QCOMPARE(done.size(), 1);
        const Message reply = done.first().first().value<Message>();
        QCOMPARE(reply.status, MessageStatus::Stopped);
        QVERIFY(!reply.content.isEmpty());
        QVERIFY(reply.content.size() < QStringLiteral("The first part. ").repeated(40).size());
        const auto transcript = *h.memory->transcript(QStringLiteral("u"), c.id);
        QCOMPARE(transcript.last().status, MessageStatus::Stopped);
    }
};

QTEST_GUILESS_MAIN(TestTurnPipeline)
#include "tst_turnpipeline.moc"
