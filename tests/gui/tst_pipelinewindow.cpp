// The wired app: the real MainWindow over PipelineChatEngine, TurnPipeline, JobRunner and LlmClient,
// talking to a real local HTTP server (FakeLlmServer) — from a typed message to a fact the user
// pins, edits, deletes, exports and clears in the memory panel.
#include "AppSettings.h"
#include "AppStartup.h"
#include "ChatView.h"
#include "EditItemDialog.h"
#include "EpisodeBulk.h"
#include "ErrorBanner.h"
#include "FakeLlmServer.h"
#include "FakeReply.h"
#include "MainWindow.h"
#include "MemoryFixture.h"
#include "MemoryPanel.h"
#include "MemoryTransfer.h"
#include "MessageBox.h"
#include "MessageWidget.h"
#include "PipelineChatEngine.h"
#include "SecretStore.h"
#include "SettingsDialog.h"
#include "TestSupport.h"
#include "llm/LlmClient.h"
#include "llm/LlmTypes.h"
#include "memory/JobRunner.h"
#include "memory/TurnPipeline.h"
#include "storage/Sql.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace engram;
using test::FakeLlmServer;
using test::FakeReply;
namespace FakeMatch = engram::test::FakeMatch;

namespace {

constexpr int kWaitMs = 15000;
const QString kUser = QStringLiteral("default");

Json extraction(const char* predicate, const char* object)
{
    Json list = Json::array();
    list.push_back({{"subject", "user"}, {"predicate", predicate}, {"object", object}, {"confidence", 0.9}});
    return {{"facts", list}, {"updates", Json::array()}, {"deletes", Json::array()}};
}

int rowOfValue(const QTableView* view, const QString& value)
{
    const QAbstractItemModel* model = view->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        for (int column = 0; column < model->columnCount(); ++column) {
            if (model->index(row, column).data().toString() == value)
                return row;
        }
    }
    return -1;
}

} // namespace

class TestPipelineWindow final : public QObject
{
    Q_OBJECT

private:
    // One app's wiring, as main.cpp builds it, over a temporary database and settings file.
    struct App
    {
        // Over `shared` when given (to reopen it like a restart), else over a fresh database.
        explicit App(const LlmSettings& settings, test::MemoryFixture* shared = nullptr)
            : owned(shared ? nullptr : std::make_unique<test::MemoryFixture>())
            , memory(shared ? *shared : *owned)
            , client(settings)
            , jobs(memory.service(), client)
            , pipeline(memory.service(), client, &jobs)
            , engine(memory.service(), pipeline, client, &jobs)
            , appSettings(dir.filePath(QStringLiteral("engram.ini")))
        {
            (void)memory->ensureUser(kUser);
            window = std::make_unique<MainWindow>(memory.service(), appSettings, secrets, engine);
            transfer = std::make_unique<MemoryTransfer>(memory.service(), window.get());
            QObject::connect(window.get(), &MainWindow::exportMemoryRequested, transfer.get(),
                             &MemoryTransfer::exportMemory);
            QObject::connect(window.get(), &MainWindow::importMemoryRequested, transfer.get(),
                             &MemoryTransfer::importMemory);
            QObject::connect(window.get(), &MainWindow::clearMemoryRequested, transfer.get(),
                             &MemoryTransfer::clearMemory);
            window->setMemoryTransferAvailable(true);
            window->resize(1300, 800);
            window->show();
        }

        template <typename T>
        T* find(const char* name) const
        {
            return window->findChild<T*>(QLatin1String(name));
        }
        QTableView* facts() const { return find<QTableView>("factsTableView"); }
        void send(const QString& text)
        {
            auto* input = find<QPlainTextEdit>("chatInput");
            input->setFocus();
            QTest::keyClicks(input, text);
            QTest::keyClick(input, Qt::Key_Return);
        }
        // The chat holds `count` messages and the last is a finished reply.
        bool replied(int count) const
        {
            const auto* chat = find<ChatView>("chatView");
            return chat->messages().size() == count && chat->lastMessage()->role() == Role::Assistant &&
                   chat->lastMessage()->state() == MessageWidget::State::Complete;
        }
        void runJobs()
        {
            QSignalSpy drained(&jobs, &JobRunner::drained);
            jobs.drainOnce();
            QVERIFY(drained.wait(kWaitMs) || !drained.isEmpty());
        }

        QTemporaryDir dir;
        std::unique_ptr<test::MemoryFixture> owned;
        test::MemoryFixture& memory;
        LlmClient client;
        JobRunner jobs;
        TurnPipeline pipeline;
        PipelineChatEngine engine;
        AppSettings appSettings;
        MemorySecretStore secrets;
        std::unique_ptr<MainWindow> window;
        std::unique_ptr<MemoryTransfer> transfer;
    };

private Q_SLOTS:
    void initTestCase()
    {
        MessageBox::setTestMode(true);
        AppStartup::installTranslators(*QCoreApplication::instance(), QStringLiteral("en"));
    }

    void aTurnTeachesAFactTheUserControlsInThePanel()
    {
        FakeLlmServer server;
        QVERIFY(server.isListening());
        App app(server.clientSettings());
        QVERIFY(QTest::qWaitForWindowExposed(app.window.get()));
        server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("短视频方向很有前景"), 3));
        server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction("project", "短视频")));

        app.send(QStringLiteral("Hello there"));
        auto* chat = app.find<ChatView>("chatView");
        QTRY_VERIFY_WITH_TIMEOUT(chat->lastMessage() && chat->lastMessage()->role() == Role::Assistant &&
                                     chat->lastMessage()->state() == MessageWidget::State::Complete,
                                 kWaitMs);
        QCOMPARE(chat->lastMessage()->renderedText(), QStringLiteral("短视频方向很有前景"));
        QCOMPARE(app.engine.connectionState(), ChatEngine::ConnectionState::Connected);

        // The extraction job learns the fact; the Profile tab shows it.
        app.runJobs();
        app.window->memoryDock()->show();
        app.window->memoryPanel()->setCurrentTab(MemoryPanel::Tab::Profile);
        QTRY_VERIFY(rowOfValue(app.facts(), QStringLiteral("短视频")) >= 0);
        auto facts = app.memory->activeFacts(kUser);
        QVERIFY(facts && facts->size() == 1);
        const QString factId = facts->first().id;

        // Pin it.
        app.facts()->selectRow(rowOfValue(app.facts(), QStringLiteral("短视频")));
        app.find<QAction>("pinAction")->trigger();
        QVERIFY(app.memory->item(kUser, factId)->pinned);

        // Edit it.
        app.find<QAction>("editAction")->trigger();
        EditItemDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = app.window->findChild<EditItemDialog*>()) && dialog->isVisible());
        auto* value = dialog->findChild<QLineEdit*>(QStringLiteral("valueLineEdit"));
        value->clear();
        QTest::keyClicks(value, QStringLiteral("Shorts"));
        QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        QTRY_VERIFY(rowOfValue(app.facts(), QStringLiteral("Shorts")) >= 0);
        facts = app.memory->activeFacts(kUser);
        QVERIFY(facts && facts->size() == 1);
        QCOMPARE(facts->first().object, QStringLiteral("Shorts"));

        // Delete it, then Undo.
        app.facts()->selectRow(rowOfValue(app.facts(), QStringLiteral("Shorts")));
        app.find<QAction>("deleteAction")->trigger();
        QTRY_COMPARE(rowOfValue(app.facts(), QStringLiteral("Shorts")), -1);
        QCOMPARE(app.memory->activeFacts(kUser)->size(), 0);
        app.find<QAction>("undoAction")->trigger();
        QTRY_VERIFY(rowOfValue(app.facts(), QStringLiteral("Shorts")) >= 0);

        // Export writes the fact to the chosen file.
        const QString exportPath = app.dir.filePath(QStringLiteral("export.json"));
        MemoryTransfer::setNextPath(exportPath);
        app.find<QAction>("exportMemoryAction")->trigger();
        QFile file(exportPath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const Json doc = Json::parse(file.readAll().toStdString());
        QVERIFY(doc.dump().find("Shorts") != std::string::npos);

        // Clear my memory empties this profile's tabs and leaves another profile's memory alone.
        (void)app.memory->ensureUser(QStringLiteral("bob"));
        const QString bobConversation = app.memory.newConversation(QStringLiteral("bob"));
        app.memory.addRound(QStringLiteral("bob"), bobConversation, QStringLiteral("hi"), QStringLiteral("hello"));
        const int bobBefore = app.memory->counts(QStringLiteral("bob"))->total();
        QVERIFY(bobBefore > 0);
        MemoryTransfer::setNextClearAnswer(true, false);
        app.find<QAction>("clearMemoryAction")->trigger();
        QCOMPARE(app.memory->counts(kUser)->total(), 0);
        QCOMPARE(app.memory->counts(kUser)->pending, 0);
        QTRY_COMPARE(app.facts()->model()->rowCount(), 0);
        for (const char* tab : {"episodesTableView", "workingTableView", "archiveTableView"})
            QTRY_COMPARE(app.find<QTableView>(tab)->model()->rowCount(), 0);
        QCOMPARE(app.memory->counts(QStringLiteral("bob"))->total(), bobBefore);
    }

    void memoriesUsedSurviveARestart()
    {
        FakeLlmServer server;
        QVERIFY(server.isListening());
        test::MemoryFixture memory;
        QString conversationId;
        QList<UsedMemory> shown;
        {
            App app(server.clientSettings(), &memory);
            QVERIFY(QTest::qWaitForWindowExposed(app.window.get()));
            auto* chat = app.find<ChatView>("chatView");
            const auto replied = [&app](int count) { return app.replied(count); };
            server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("短视频方向很有前景")));
            server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction("project", "短视频")));
            app.send(QStringLiteral("I am working on a short video project")); // keyClicks types Latin-1 only
            QTRY_VERIFY_WITH_TIMEOUT(replied(2), kWaitMs);
            app.runJobs();
            server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("先定选题")));
            app.send(QStringLiteral("What should I do next?"));
            QTRY_VERIFY_WITH_TIMEOUT(replied(4), kWaitMs);
            conversationId = app.window->currentConversationId();
            shown = chat->lastMessage()->usedMemories();
        }
        // The learned fact and the first exchange went into the second reply's context.
        QVERIFY(shown.size() >= 3);
        QCOMPARE(shown.first().tier, Tier::Semantic);
        QVERIFY(shown.first().label.contains(QStringLiteral("短视频")));

        memory.reopen();
        App app(server.clientSettings(), &memory);
        QVERIFY(QTest::qWaitForWindowExposed(app.window.get()));
        app.window->openConversation(conversationId);
        auto* chat = app.find<ChatView>("chatView");
        QTRY_COMPARE(chat->messages().size(), 4);
        MessageWidget* reply = chat->lastMessage();
        QCOMPARE(reply->usedMemories(), shown);
        auto* disclosure = reply->findChild<QToolButton*>(QStringLiteral("memoriesUsedButton"));
        QVERIFY(disclosure && disclosure->isVisible());
        QVERIFY(disclosure->text().contains(QString::number(shown.size())));
        QTest::mouseClick(disclosure, Qt::LeftButton);
        const auto items = reply->findChildren<QToolButton*>(QStringLiteral("usedMemoryButton"));
        QCOMPARE(items.size(), shown.size());
        QVERIFY(items.first()->isVisible());
        QVERIFY(items.first()->text().contains(QStringLiteral("短视频")));
    }

    // Facts are stored under keys ("user", "deploys_with"); everywhere a person reads one it is in
    // plain words of the interface language: the "Remembered" notice, the Profile tab and the
    // memories a reply used (issue 15).
    void aFactReadsInPlainWordsInEitherLanguage_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("notice");
        QTest::addColumn<QString>("subject");
        QTest::addColumn<QString>("predicate");
        QTest::addColumn<QString>("used");
        QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("Remembered: Deploys with → Kubernetes")
                            << QStringLiteral("Me") << QStringLiteral("Deploys with")
                            << QStringLiteral("Deploys with → Kubernetes");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("已记住：部署方式 → Kubernetes")
                               << QStringLiteral("我") << QStringLiteral("部署方式")
                               << QStringLiteral("部署方式 → Kubernetes");
    }

    void aFactReadsInPlainWordsInEitherLanguage()
    {
        QFETCH(QString, language);
        QFETCH(QString, notice);
        QFETCH(QString, subject);
        QFETCH(QString, predicate);
        QFETCH(QString, used);
        AppStartup::installTranslators(*QCoreApplication::instance(), language);
        const auto restoreEnglish = qScopeGuard( // the tests after this one read English
            [] { AppStartup::installTranslators(*QCoreApplication::instance(), QStringLiteral("en")); });
        FakeLlmServer server;
        QVERIFY(server.isListening());
        App app(server.clientSettings());
        QVERIFY(QTest::qWaitForWindowExposed(app.window.get()));
        auto* chat = app.find<ChatView>("chatView");
        const auto replied = [&app](int count) { return app.replied(count); };
        server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Noted.")));
        server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction("deploys_with", "Kubernetes")));
        app.send(QStringLiteral("We deploy everything with Kubernetes"));
        QTRY_VERIFY_WITH_TIMEOUT(replied(2), kWaitMs);
        app.runJobs();
        QTRY_VERIFY_WITH_TIMEOUT(chat->findChild<QLabel*>(QStringLiteral("noticeLabel")), kWaitMs);
        QCOMPARE(chat->findChild<QLabel*>(QStringLiteral("noticeLabel"))->text(), notice);

        app.window->memoryDock()->show();
        app.window->memoryPanel()->setCurrentTab(MemoryPanel::Tab::Profile);
        QTRY_VERIFY(rowOfValue(app.facts(), QStringLiteral("Kubernetes")) >= 0);
        const int row = rowOfValue(app.facts(), QStringLiteral("Kubernetes"));
        QCOMPARE(rowOfValue(app.facts(), predicate), row);
        QCOMPARE(rowOfValue(app.facts(), subject), row);
        QCOMPARE(rowOfValue(app.facts(), QStringLiteral("deploys_with")), -1);
        // The key stays what is stored.
        QCOMPARE(app.memory->activeFacts(kUser)->first().predicate, QStringLiteral("deploys_with"));

        server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Use a rolling update.")));
        app.send(QStringLiteral("How should I ship the next release?"));
        QTRY_VERIFY_WITH_TIMEOUT(replied(4), kWaitMs);
        const QList<UsedMemory> shown = chat->lastMessage()->usedMemories();
        QVERIFY(!shown.isEmpty());
        QCOMPARE(shown.first().tier, Tier::Semantic);
        QCOMPARE(shown.first().label, used);
    }

    // From the panel, "Show Where This Came From" opens the conversation a memory was learned in
    // and highlights the message it came from (issue 15).
    void showWhereThisCameFromHighlightsTheSourceMessage()
    {
        FakeLlmServer server;
        QVERIFY(server.isListening());
        App app(server.clientSettings());
        QVERIFY(QTest::qWaitForWindowExposed(app.window.get()));
        auto* chat = app.find<ChatView>("chatView");
        const auto replied = [&app](int count) { return app.replied(count); };
        server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Hello!")));
        app.send(QStringLiteral("Good morning"));
        QTRY_VERIFY_WITH_TIMEOUT(replied(2), kWaitMs);
        app.runJobs(); // its extraction finds nothing
        server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Noted.")));
        server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction("deploys_with", "Kubernetes")));
        app.send(QStringLiteral("We deploy everything with Kubernetes"));
        QTRY_VERIFY_WITH_TIMEOUT(replied(4), kWaitMs);
        app.runJobs();
        server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Sure.")));
        app.send(QStringLiteral("Thanks, that is all"));
        QTRY_VERIFY_WITH_TIMEOUT(replied(6), kWaitMs);
        app.runJobs();
        const QString source = app.window->currentConversationId();
        const QString sourceMessage = chat->messages().at(2)->messageId();
        QVERIFY(!sourceMessage.isEmpty());
        QVERIFY(!chat->highlightedMessage());

        // Elsewhere now: a new, empty conversation.
        app.find<QAction>("newConversationAction")->trigger();
        QTRY_VERIFY(app.window->currentConversationId() != source);
        QCOMPARE(chat->messages().size(), 0);

        app.window->memoryDock()->show();
        app.window->memoryPanel()->setCurrentTab(MemoryPanel::Tab::Profile);
        QTRY_VERIFY(rowOfValue(app.facts(), QStringLiteral("Kubernetes")) >= 0);
        app.facts()->selectRow(rowOfValue(app.facts(), QStringLiteral("Kubernetes")));
        auto* sourceAction = app.find<QAction>("sourceAction");
        QVERIFY(sourceAction && sourceAction->isEnabled());
        QVERIFY(app.facts()->actions().contains(sourceAction)); // in the row's context menu
        sourceAction->trigger();
        QCOMPARE(app.window->currentConversationId(), source);
        QCOMPARE(chat->messages().size(), 6);
        MessageWidget* highlighted = chat->highlightedMessage();
        QVERIFY(highlighted);
        QCOMPARE(highlighted->messageId(), sourceMessage);
        QCOMPARE(highlighted->text(), QStringLiteral("We deploy everything with Kubernetes"));
        const QList<MessageWidget*> shown = chat->messages();
        const auto marked =
            std::count_if(shown.cbegin(), shown.cend(), [](const MessageWidget* m) { return m->isHighlighted(); });
        QCOMPARE(marked, 1);

        // An exchange in Episodes leads to its question the same way.
        app.window->memoryPanel()->setCurrentTab(MemoryPanel::Tab::Episodes);
        auto* episodes = app.find<QTableView>("episodesTableView");
        QTRY_VERIFY(rowOfValue(episodes, QStringLiteral("Good morning")) >= 0);
        episodes->selectRow(rowOfValue(episodes, QStringLiteral("Good morning")));
        QVERIFY(sourceAction->isEnabled());
        sourceAction->trigger();
        QVERIFY(chat->highlightedMessage());
        QCOMPARE(chat->highlightedMessage()->text(), QStringLiteral("Good morning"));
        QCOMPARE(chat->messages().at(2)->isHighlighted(), false);

        // A fact added by hand came from no conversation: nothing to show.
        QVERIFY(app.memory->addFact(kUser, QStringLiteral("user"), QStringLiteral("city"), QStringLiteral("Lyon")));
        app.window->memoryPanel()->setCurrentTab(MemoryPanel::Tab::Profile);
        QTRY_VERIFY(rowOfValue(app.facts(), QStringLiteral("Lyon")) >= 0);
        app.facts()->selectRow(rowOfValue(app.facts(), QStringLiteral("Lyon")));
        QVERIFY(!sourceAction->isEnabled());
    }

    // A broken stream: the part that came is shown marked, stored, and shown again after a restart.
    void anInterruptedReplyIsKeptAfterARestart()
    {
        FakeLlmServer server;
        QVERIFY(server.isListening());
        test::MemoryFixture memory;
        QString conversationId;
        QString shownText;
        {
            App app(server.clientSettings(), &memory);
            QVERIFY(QTest::qWaitForWindowExposed(app.window.get()));
            server.enqueue(FakeMatch::streaming(),
                           FakeReply::stream(QStringLiteral("The first half of a long answer. ").repeated(30))
                               .withDropAfter(1500));
            app.send(QStringLiteral("Tell me a long story"));
            auto* chat = app.find<ChatView>("chatView");
            QTRY_VERIFY_WITH_TIMEOUT(chat->lastMessage() && chat->lastMessage()->role() == Role::Assistant &&
                                         chat->lastMessage()->state() == MessageWidget::State::Failed,
                                     kWaitMs);
            MessageWidget* reply = chat->lastMessage();
            shownText = reply->text();
            QVERIFY(!shownText.isEmpty());
            conversationId = app.window->currentConversationId();
            const auto transcript = *app.memory->transcript(kUser, conversationId);
            QCOMPARE(transcript.size(), 2);
            QCOMPARE(transcript.last().content, shownText);
            QCOMPARE(transcript.last().status, MessageStatus::Failed);
            QCOMPARE(reply->messageId(), transcript.last().id); // Retry replaces this one
        }
        memory.reopen();
        App app(server.clientSettings(), &memory);
        QVERIFY(QTest::qWaitForWindowExposed(app.window.get()));
        app.window->openConversation(conversationId);
        auto* chat = app.find<ChatView>("chatView");
        QTRY_COMPARE(chat->messages().size(), 2);
        QCOMPARE(chat->lastMessage()->text(), shownText);
        QCOMPARE(chat->lastMessage()->state(), MessageWidget::State::Failed);
    }

    // A runaway reply is cut at the limit, kept, and the chat says so, then and after a restart.
    void aCutReplyIsKeptWithANotice()
    {
        FakeLlmServer server;
        QVERIFY(server.isListening());
        test::MemoryFixture memory;
        const auto cutNotices = [](const App& app) {
            int n = 0;
            for (const QLabel* label : app.window->findChildren<QLabel*>(QStringLiteral("noticeLabel")))
                n += label->text().contains(QStringLiteral("longer than")) ? 1 : 0;
            return n;
        };
        QString conversationId;
        {
            App app(server.clientSettings(), &memory);
            QVERIFY(QTest::qWaitForWindowExposed(app.window.get()));
            const QString text = QStringLiteral("all work and no play ").repeated(kMaxReplyChars / 21 + 2000);
            server.enqueue(FakeMatch::streaming(), FakeReply::stream(text).withDeltaChars(8192));
            app.send(QStringLiteral("Write for ever"));
            auto* chat = app.find<ChatView>("chatView");
            QTRY_VERIFY_WITH_TIMEOUT(chat->lastMessage() && chat->lastMessage()->role() == Role::Assistant &&
                                         chat->lastMessage()->state() == MessageWidget::State::Stopped,
                                     60000);
            QCOMPARE(chat->lastMessage()->text().size(), kMaxReplyChars);
            QCOMPARE(cutNotices(app), 1);
            conversationId = app.window->currentConversationId();
            QCOMPARE(app.memory->transcript(kUser, conversationId)->last().content.size(), kMaxReplyChars);
        }
        memory.reopen();
        App app(server.clientSettings(), &memory);
        QVERIFY(QTest::qWaitForWindowExposed(app.window.get()));
        app.window->openConversation(conversationId);
        QTRY_COMPARE(app.find<ChatView>("chatView")->messages().size(), 2);
        QCOMPARE(cutNotices(app), 1);
    }

    void anUnreachableEndpointShowsTheBannerAndKeepsTheMessage()
    {
        LlmSettings settings;
        settings.baseUrl = QStringLiteral("http://127.0.0.1:9/v1");
        settings.chatModel = QStringLiteral("fake-chat");
        settings.maxRetries = 0;
        settings.connectTimeoutMs = 5000;
        App app(settings);
        QVERIFY(QTest::qWaitForWindowExposed(app.window.get()));

        app.send(QStringLiteral("Is anyone there?"));
        auto* banner = app.find<ErrorBanner>("errorBanner");
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), kWaitMs);
        QCOMPARE(app.engine.connectionState(), ChatEngine::ConnectionState::Unreachable);
        auto* chat = app.find<ChatView>("chatView");
        QVERIFY(chat->lastMessage());
        QCOMPARE(chat->lastMessage()->text(), QStringLiteral("Is anyone there?"));
        const auto transcript = app.memory->transcript(kUser, app.window->currentConversationId());
        QVERIFY(transcript && transcript->size() == 1);
        QCOMPARE(transcript->first().content, QStringLiteral("Is anyone there?"));
    }

    // The memory stops taking writes while a reply streams in (here a file on a full disk; on a
    // server, the server gone): the reply is shown all the same, a banner says it is kept and will be
    // saved, the chat goes on, and once the memory takes it the banner goes and the reply is in the
    // transcript.
    void aReplyTheMemoryCannotTakeYetIsKeptAndTheBannerSaysSo()
    {
        FakeLlmServer server;
        QVERIFY(server.isListening());
        App app(server.clientSettings());
        QVERIFY(QTest::qWaitForWindowExposed(app.window.get()));
        const QString answer = QStringLiteral("Pack a warm coat and waterproof boots for Oslo.");
        server.enqueue(FakeMatch::streaming(), FakeReply::stream(answer).withChunkBytes(64, 30));
        // The question is stored; the memory goes away once the reply begins.
        bool gone = false;
        connect(&app.engine, &ChatEngine::replyDelta, this, [&] {
            if (!gone)
                gone = test::refuseInserts(app.memory->database(), QStringLiteral("messages"));
        });
        auto* banner = app.find<ErrorBanner>("errorBanner");
        app.send(QStringLiteral("What should I pack for Oslo?"));

        QTRY_VERIFY_WITH_TIMEOUT(app.replied(2), kWaitMs);
        QVERIFY(gone);
        QCOMPARE(app.find<ChatView>("chatView")->lastMessage()->renderedText(), answer);
        QVERIFY(banner->isVisible());
        QCOMPARE(banner->text(), QStringLiteral("Memory could not be saved"));
        QCOMPARE(banner->detail(),
                 QStringLiteral("Your message and the reply are kept and will be saved as soon as the "
                                "memory file can be written again.\nthe disk is full; free some "
                                "space and try again"));
        // The chat stays usable: the turn is over and the next message can be typed.
        QCOMPARE(app.find<QPushButton>("sendButton")->text(), QStringLiteral("Send"));
        QVERIFY(app.find<QPlainTextEdit>("chatInput")->isEnabled());
        QCOMPARE(app.memory->transcript(kUser, app.window->currentConversationId())->size(), 1);

        // The memory is back: the kept reply is saved at the next try, and the banner goes.
        QVERIFY(sql::execute(app.memory->database().connection(), QStringLiteral("DROP TRIGGER refuse_messages")));
        QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisible(), 20000);
        QCOMPARE(app.window->statusBar()->currentMessage(), QStringLiteral("Memory saved again."));
        const auto transcript = app.memory->transcript(kUser, app.window->currentConversationId());
        QVERIFY(transcript && transcript->size() == 2);
        QCOMPARE(transcript->last().content, answer);
    }

    // The user lowers how many past exchanges are kept: Settings saves, the job runner forgets the
    // oldest in the background, the status bar says where they went, and the Archive tab has them.
    void aLowerCapacityForgetsInTheBackgroundAndSaysWhereItWent()
    {
        FakeLlmServer server;
        QVERIFY(server.isListening());
        App app(server.clientSettings());
        QVERIFY(QTest::qWaitForWindowExposed(app.window.get()));
        const QStringList inserted = test::insertEpisodes(app.memory.service(), kUser, 25, app.memory.clock().now());
        Q_EMIT app.memory->itemsChanged(kUser, Tier::Episodic, inserted); // as a write would
        QTRY_COMPARE(app.find<QTableView>("episodesTableView")->model()->rowCount(), 25);

        SettingsDialog* dialog = app.window->openSettings();
        QVERIFY(dialog);
        auto* capacity = dialog->findChild<QSpinBox*>(QStringLiteral("episodeCapacitySpinBox"));
        QVERIFY(capacity);
        capacity->setValue(10);
        auto* buttons = dialog->findChild<QDialogButtonBox*>(QStringLiteral("buttonBox"));
        QVERIFY(buttons);
        QPushButton* save = buttons->button(QDialogButtonBox::Save) ? buttons->button(QDialogButtonBox::Save)
                                                                    : buttons->button(QDialogButtonBox::Ok);
        QTest::mouseClick(save, Qt::LeftButton);
        QTRY_VERIFY(!app.window->findChild<SettingsDialog*>());
        // Saving only queued the pass: nothing is forgotten before the job runner takes it.
        QCOMPARE(app.memory->counts(kUser)->episodic, 25);

        // The status bar's messages as they come (a status tip of a widget under the pointer may
        // clear one at any time). The notice waits until "Settings saved." has been up a while.
        QSignalSpy status(app.window->statusBar(), &QStatusBar::messageChanged);
        app.runJobs();
        QCOMPARE(app.memory->counts(kUser)->episodic, 10);
        QCOMPARE(app.memory->counts(kUser)->archive, 15);
        const QString forgotten = QStringLiteral("Forgetting moved 15 older episodes to the archive; the panel's "
                                                 "Archive tab can bring them back.");
        const auto shown = [&status] {
            QStringList texts;
            for (const QList<QVariant>& message : std::as_const(status))
                texts << message.first().toString();
            return texts;
        };
        QTRY_VERIFY2(shown().contains(forgotten), qPrintable(shown().join(QLatin1Char('|'))));
        QTRY_COMPARE(app.find<QTableView>("archiveTableView")->model()->rowCount(), 15);
        QTRY_COMPARE(app.find<QTableView>("episodesTableView")->model()->rowCount(), 10);
    }
};

QTEST_MAIN(TestPipelineWindow)
#include "tst_pipelinewindow.moc"
