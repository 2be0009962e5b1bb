// Full-window tests: the real MainWindow over a real MemoryService file, driven with keys and
// clicks, with a scripted ChatEngine in place of the model pipeline.
#include "Accessibility.h"
#include "AppSettings.h"
#include "AppStartup.h"
#include "ChatView.h"
#include "ErrorBanner.h"
#include "Icons.h"
#include "MainWindow.h"
#include "MemoryFileCare.h"
#include "MemoryFixture.h"
#include "MessageBox.h"
#include "MessageWidget.h"
#include "OfflineChatEngine.h"
#include "ScriptedChatEngine.h"
#include "SecretStore.h"
#include "SettingsDialog.h"
#include "StatusMessages.h"
#include "TextPrompt.h"
#include "storage/Backups.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QInputMethodEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace engram;
using Turn = test::ScriptedChatEngine::Turn;

namespace {

Turn reply(const QStringList& chunks)
{
    Turn t;
    t.chunks = chunks;
    return t;
}

Turn stalled(const QStringList& chunks)
{
    Turn t = reply(chunks);
    t.stall = true;
    return t;
}

Turn failing(ChatEngine::ErrorKind kind, const QString& message = {})
{
    Turn t = reply({});
    t.failure = kind;
    t.failureMessage = message;
    return t;
}

} // namespace

class TestMainWindow final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::MemoryFixture> m_memory;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<AppSettings> m_settings;
    std::unique_ptr<MemorySecretStore> m_secrets;
    std::unique_ptr<ChatEngine> m_engine;
    std::unique_ptr<MainWindow> m_window;

    test::ScriptedChatEngine& engine() { return static_cast<test::ScriptedChatEngine&>(*m_engine); }
    MemoryService& memory() { return m_memory->service(); }

    void openWindow(std::unique_ptr<ChatEngine> engine = {})
    {
        m_engine = engine ? std::move(engine) : std::make_unique<test::ScriptedChatEngine>(&memory());
        m_window = std::make_unique<MainWindow>(memory(), *m_settings, *m_secrets, *m_engine);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    template <typename T>
    T* find(const char* name) const
    {
        T* w = m_window->findChild<T*>(QLatin1String(name));
        if (!w)
            qWarning("no child named %s", name);
        return w;
    }
    QPlainTextEdit* input() const { return find<QPlainTextEdit>("chatInput"); }
    QPushButton* sendButton() const { return find<QPushButton>("sendButton"); }
    ChatView* chat() const { return find<ChatView>("chatView"); }
    ErrorBanner* banner() const { return find<ErrorBanner>("errorBanner"); }
    QListWidget* conversations() const { return find<QListWidget>("conversationListWidget"); }
    QComboBox* users() const { return find<QComboBox>("userComboBox"); }
    QAction* action(const char* name) const { return find<QAction>(name); }
    MessageWidget* lastMessage() const { return chat()->lastMessage(); }
    int messageCount() const { return int(chat()->messages().size()); }

    void type(const QString& text)
    {
        input()->setFocus();
        QTest::keyClicks(input(), text);
    }
    // Chinese arrives through the input method, as a committed string.
    void typeWithInputMethod(const QString& text)
    {
        input()->setFocus();
        QInputMethodEvent event;
        event.setCommitString(text);
        QApplication::sendEvent(input(), &event);
    }
    void sendTyped(const QString& text)
    {
        type(text);
        QTest::keyClick(input(), Qt::Key_Return);
    }
    QList<Message> storedTranscript()
    {
        auto t = memory().transcript(QStringLiteral("default"), m_window->currentConversationId());
        return t ? *t : QList<Message>();
    }
    template <typename T>
    static T* childOf(QWidget* parent, const char* name)
    {
        return parent ? parent->findChild<T*>(QLatin1String(name)) : nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        MessageBox::setTestMode(true);
        // The embedded English catalogue gives plurals their proper forms ("12 tokens").
        AppStartup::installTranslators(*QCoreApplication::instance(), QStringLiteral("en"));
    }

    void init()
    {
        m_memory = std::make_unique<test::MemoryFixture>();
        QVERIFY(memory().ensureUser(QStringLiteral("default")));
        m_dir = std::make_unique<QTemporaryDir>();
        m_settings = std::make_unique<AppSettings>(m_dir->filePath(QStringLiteral("engram.ini")));
        m_secrets = std::make_unique<MemorySecretStore>();
    }

    void cleanup()
    {
        m_window.reset();
        m_engine.reset();
        m_secrets.reset();
        m_settings.reset();
        m_memory.reset();
    }

    void enterSendsAndTheReplyStreamsIn()
    {
        openWindow();
        engine().enqueue(reply({QStringLiteral("Hi! "), QStringLiteral("How can "), QStringLiteral("I help?")}));
        sendTyped(QStringLiteral("Hello there"));

        QTRY_COMPARE(messageCount(), 2);
        QCOMPARE(chat()->messages().first()->text(), QStringLiteral("Hello there"));
        QCOMPARE(chat()->messages().first()->role(), Role::User);
        QVERIFY(input()->toPlainText().isEmpty());
        QTRY_COMPARE(lastMessage()->state(), MessageWidget::State::Complete);
        QCOMPARE(lastMessage()->renderedText(), QStringLiteral("Hi! How can I help?"));
        QCOMPARE(sendButton()->text(), QStringLiteral("Send"));

        // The first message created and titled the conversation, and the turn was stored.
        QCOMPARE(conversations()->count(), 1);
        QCOMPARE(conversations()->item(0)->text(), QStringLiteral("Hello there"));
        const auto stored = storedTranscript();
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored[1].content, QStringLiteral("Hi! How can I help?"));
        QCOMPARE(engine().requests().size(), 1);
        QVERIFY(!engine().requests().first().incognito);
    }

    void shiftEnterAddsALineInsteadOfSending()
    {
        openWindow();
        type(QStringLiteral("line one"));
        QTest::keyClick(input(), Qt::Key_Return, Qt::ShiftModifier);
        QTest::keyClicks(input(), QStringLiteral("line two"));
        QCOMPARE(input()->toPlainText(), QStringLiteral("line one\nline two"));
        QCOMPARE(messageCount(), 0);
        QVERIFY(engine().requests().isEmpty());

        QTest::keyClick(input(), Qt::Key_Return);
        QTRY_COMPARE(messageCount(), 2);
        QCOMPARE(chat()->messages().first()->text(), QStringLiteral("line one\nline two"));
    }

    void escapeStopsTheStreamAndKeepsThePartialReply()
    {
        openWindow();
        engine().enqueue(stalled({QStringLiteral("Partial "), QStringLiteral("answer")}));
        sendTyped(QStringLiteral("Tell me a long story"));
        QTRY_COMPARE(lastMessage()->text(), QStringLiteral("Partial answer"));
        QCOMPARE(lastMessage()->state(), MessageWidget::State::Streaming);
        QCOMPARE(sendButton()->text(), QStringLiteral("Stop"));
        // One turn at a time: Enter now keeps the next message in the box.
        sendTyped(QStringLiteral("and then?"));
        QCOMPARE(engine().requests().size(), 1);
        QCOMPARE(input()->toPlainText(), QStringLiteral("and then?"));

        QTest::keyClick(input(), Qt::Key_Escape);
        QTRY_COMPARE(lastMessage()->state(), MessageWidget::State::Stopped);
        QCOMPARE(lastMessage()->renderedText(), QStringLiteral("Partial answer"));
        QCOMPARE(childOf<QLabel>(lastMessage(), "statusLabel")->text(), QStringLiteral("stopped"));
        QCOMPARE(sendButton()->text(), QStringLiteral("Send"));
        const auto stored = storedTranscript();
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored[1].status, MessageStatus::Stopped);

        // Reopening the conversation shows the reply still marked as stopped.
        m_window.reset();
        openWindow();
        QTRY_COMPARE(messageCount(), 2);
        QCOMPARE(lastMessage()->state(), MessageWidget::State::Stopped);
    }

    void theStopButtonStopsTheStream()
    {
        openWindow();
        engine().enqueue(stalled({QStringLiteral("Half")}));
        sendTyped(QStringLiteral("Go on"));
        QTRY_COMPARE(lastMessage()->text(), QStringLiteral("Half"));
        QVERIFY(sendButton()->isEnabled());
        QTest::mouseClick(sendButton(), Qt::LeftButton);
        QTRY_COMPARE(lastMessage()->state(), MessageWidget::State::Stopped);
        QCOMPARE(engine().stopCalls(), 1);
        QCOMPARE(lastMessage()->renderedText(), QStringLiteral("Half"));
    }

    void aFailureShowsTheBannerAndKeepsTheMessageWithRetry()
    {
        m_settings->setBaseUrl(QStringLiteral("http://127.0.0.1:9/v1"));
        openWindow();
        engine().enqueue(failing(ChatEngine::ErrorKind::Unreachable, QStringLiteral("Connection refused")));
        sendTyped(QStringLiteral("Are you there?"));

        QTRY_VERIFY(banner()->isVisible());
        QVERIFY(banner()->text().contains(QStringLiteral("http://127.0.0.1:9/v1")));
        QCOMPARE(banner()->detail(), QStringLiteral("Connection refused"));
        QVERIFY(childOf<QPushButton>(banner(), "openSettingsButton")->isVisible());
        QCOMPARE(messageCount(), 1);
        MessageWidget* question = lastMessage();
        QCOMPARE(question->text(), QStringLiteral("Are you there?"));
        QCOMPARE(question->state(), MessageWidget::State::Failed);
        auto* retry = childOf<QToolButton>(question, "retryButton");
        QVERIFY(retry && retry->isVisible());
        QCOMPARE(sendButton()->text(), QStringLiteral("Send"));

        // Retry answers the stored message again instead of storing it twice.
        engine().enqueue(reply({QStringLiteral("Yes, here.")}));
        QTest::mouseClick(retry, Qt::LeftButton);
        QTRY_COMPARE(messageCount(), 2);
        QTRY_COMPARE(lastMessage()->state(), MessageWidget::State::Complete);
        QCOMPARE(lastMessage()->renderedText(), QStringLiteral("Yes, here."));
        QVERIFY(!banner()->isVisible());
        QCOMPARE(engine().requests().last().userMessageId, storedTranscript().first().id);
        QCOMPARE(storedTranscript().size(), 2);
    }

    void theBannerOpensSettings()
    {
        openWindow();
        engine().enqueue(failing(ChatEngine::ErrorKind::Unauthorized, QStringLiteral("401 invalid api key")));
        sendTyped(QStringLiteral("Hi"));
        QTRY_VERIFY(banner()->isVisible());
        QVERIFY(banner()->text().contains(QStringLiteral("API key")));
        QTest::mouseClick(childOf<QPushButton>(banner(), "openSettingsButton"), Qt::LeftButton);
        QTRY_VERIFY(m_window->findChild<SettingsDialog*>() && m_window->findChild<SettingsDialog*>()->isVisible());
    }

    void aRateLimitDoesNotSendTheUserToSettings()
    {
        openWindow();
        engine().enqueue(failing(ChatEngine::ErrorKind::RateLimited));
        sendTyped(QStringLiteral("Hi"));
        QTRY_VERIFY(banner()->isVisible());
        QVERIFY(!childOf<QPushButton>(banner(), "openSettingsButton")->isVisible());
        QCOMPARE(lastMessage()->state(), MessageWidget::State::Failed);
    }

    // At start-up a forgetting pass queued by engram-cli and the daily backup may both report at
    // once: the second waits until the first has been read instead of replacing it.
    void backgroundNoticesAreShownOneAfterAnother()
    {
        openWindow();
        auto* messages = m_window->findChild<StatusMessages*>();
        QVERIFY(messages);
        messages->setTimes({.shownMs = 600000, .readMs = 600000});
        const QString forgotten = QStringLiteral("Forgetting moved 15 older episodes to the archive; the panel's "
                                                 "Archive tab can bring them back.");
        const QString backup = QStringLiteral("The daily backup of the memory was written and checked.");

        Q_EMIT engine().memoryForgotten(QStringLiteral("default"), 15);
        Q_EMIT m_window->memoryFileCare()->notice(backup);
        QCOMPARE(m_window->statusBar()->currentMessage(), forgotten);
        QCOMPARE(messages->waiting(), QStringList{backup});

        // What the user does is answered at once; the notice it cut short comes back.
        m_window->showStatus(QStringLiteral("Settings saved."));
        QCOMPARE(m_window->statusBar()->currentMessage(), QStringLiteral("Settings saved."));
        QCOMPARE(messages->waiting(), (QStringList{forgotten, backup}));
        m_window->statusBar()->clearMessage();
        QTRY_COMPARE(m_window->statusBar()->currentMessage(), forgotten);
    }

    // Counts are written as the user's language writes numbers: a forgetting pass after an import
    // moves tens of thousands, and "98000" is hard to read beside the panel's "2,000".
    void aLargeCountIsWrittenTheLocalesWay()
    {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        openWindow();
        Q_EMIT engine().memoryForgotten(QStringLiteral("default"), 98000);
        QLocale::setDefault(before);
        QCOMPARE(m_window->statusBar()->currentMessage(),
                 QStringLiteral("Forgetting moved 98,000 older episodes to the archive; the panel's Archive tab can "
                                "bring them back."));
    }

    // The memory's banner answers only the memory's news: a reply that comes does not take it away,
    // and "saved again" does not take away a model error shown since.
    void theMemoryBannerGoesOnlyWhenTheMemoryIsSavedAgain()
    {
        openWindow();
        Q_EMIT engine().memorySavingDelayed(QStringLiteral("The memory server db:5432/engram is unreachable"), true);
        QVERIFY(banner()->isVisible());
        QCOMPARE(banner()->text(), QStringLiteral("Memory server unreachable"));
        QCOMPARE(banner()->detail(), QStringLiteral("Your message and the reply are kept and will be saved as soon as "
                                                    "the server answers again.\nThe memory server db:5432/engram is "
                                                    "unreachable"));
        QVERIFY(childOf<QPushButton>(banner(), "openSettingsButton")->isVisible());

        engine().enqueue(reply({QStringLiteral("Still here.")}));
        sendTyped(QStringLiteral("Hello"));
        QTRY_COMPARE(lastMessage()->state(), MessageWidget::State::Complete);
        QVERIFY(banner()->isVisible());
        QCOMPARE(banner()->text(), QStringLiteral("Memory server unreachable"));

        Q_EMIT engine().memorySavedAgain();
        QVERIFY(!banner()->isVisible());
        QCOMPARE(m_window->statusBar()->currentMessage(), QStringLiteral("Memory saved again."));

        // A memory file on a full disk: no server to blame, and nothing in Settings to change.
        Q_EMIT engine().memorySavingDelayed(QStringLiteral("the disk is full; free some space and try again"), false);
        QCOMPARE(banner()->text(), QStringLiteral("Memory could not be saved"));
        QVERIFY(banner()->detail().contains(QStringLiteral("memory file")));
        QVERIFY(!childOf<QPushButton>(banner(), "openSettingsButton")->isVisible());
        engine().enqueue(failing(ChatEngine::ErrorKind::Unauthorized, QStringLiteral("401 invalid api key")));
        sendTyped(QStringLiteral("Hi again"));
        QTRY_VERIFY(banner()->text().contains(QStringLiteral("API key")));
        Q_EMIT engine().memorySavedAgain();
        QVERIFY(banner()->isVisible());
        QVERIFY(banner()->text().contains(QStringLiteral("API key")));
    }

    void withoutAModelTheWindowSaysSoAndHistoryStillWorks()
    {
        const QString id = m_memory->newConversation(QStringLiteral("default"), QStringLiteral("Earlier"));
        m_memory->addRound(QStringLiteral("default"), id, QStringLiteral("What did I say?"), QStringLiteral("Plenty."));
        openWindow(std::make_unique<OfflineChatEngine>());

        QVERIFY(banner()->isVisible());
        QVERIFY(banner()->text().contains(QStringLiteral("No model is connected")));
        QCOMPARE(find<QLabel>("connectionLabel")->text(), QStringLiteral("No model connected"));
        QCOMPARE(conversations()->count(), 1);
        QTRY_COMPARE(messageCount(), 2);
        QCOMPARE(lastMessage()->renderedText(), QStringLiteral("Plenty."));

        sendTyped(QStringLiteral("Hello?"));
        QTRY_COMPARE(lastMessage()->state(), MessageWidget::State::Failed);
        QCOMPARE(lastMessage()->text(), QStringLiteral("Hello?"));
        QVERIFY(childOf<QToolButton>(lastMessage(), "retryButton")->isVisible());
        QVERIFY(action("toggleMemoryPanelAction")->isEnabled());
    }

    void regenerateReplacesTheLastReply()
    {
        openWindow();
        engine().enqueue(reply({QStringLiteral("First")}));
        sendTyped(QStringLiteral("Say something"));
        QTRY_COMPARE(lastMessage()->state(), MessageWidget::State::Complete);
        const QString firstReplyId = lastMessage()->messageId();
        auto* regenerate = childOf<QToolButton>(lastMessage(), "regenerateButton");
        QVERIFY(regenerate && regenerate->isVisible());
        // Only the last reply offers it.
        QVERIFY(!childOf<QToolButton>(chat()->messages().first(), "regenerateButton")->isVisible());

        engine().enqueue(reply({QStringLiteral("Second")}));
        QTest::mouseClick(regenerate, Qt::LeftButton);
        QTRY_COMPARE(lastMessage()->renderedText(), QStringLiteral("Second"));
        QTRY_COMPARE(lastMessage()->state(), MessageWidget::State::Complete);
        QCOMPARE(messageCount(), 2);
        QCOMPARE(engine().requests().last().replacesMessageId, firstReplyId);
        QCOMPARE(engine().requests().last().userMessageId, chat()->messages().first()->messageId());
    }

    void newRenameAndDeleteAConversation()
    {
        openWindow();
        action("newConversationAction")->trigger();
        QCOMPARE(conversations()->count(), 1);
        QCOMPARE(conversations()->currentItem()->text(), QStringLiteral("New conversation"));

        TextPrompt::setNextText(QStringLiteral("Trip plans"));
        action("renameConversationAction")->trigger();
        QCOMPARE(conversations()->currentItem()->text(), QStringLiteral("Trip plans"));
        QCOMPARE(memory().conversations(QStringLiteral("default"))->first().title, QStringLiteral("Trip plans"));
        QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("Trip plans")));

        MessageBox::setNextAnswer(false);
        action("deleteConversationAction")->trigger();
        QVERIFY(MessageBox::lastText().contains(QStringLiteral("Trip plans")));
        QCOMPARE(conversations()->count(), 1);

        MessageBox::setNextAnswer(true);
        action("deleteConversationAction")->trigger();
        QCOMPARE(conversations()->count(), 0);
        QVERIFY(memory().conversations(QStringLiteral("default"))->isEmpty());
        QCOMPARE(messageCount(), 0);
    }

    void switchingConversationsShowsTheirTranscripts()
    {
        const QString a = m_memory->newConversation(QStringLiteral("default"), QStringLiteral("A"));
        m_memory->addRound(QStringLiteral("default"), a, QStringLiteral("about A"), QStringLiteral("reply A"));
        const QString b = m_memory->newConversation(QStringLiteral("default"), QStringLiteral("B"));
        m_memory->addRound(QStringLiteral("default"), b, QStringLiteral("about B"), QStringLiteral("reply B"));
        openWindow();
        QCOMPARE(conversations()->count(), 2);
        m_window->openConversation(a);
        QTRY_COMPARE(lastMessage()->renderedText(), QStringLiteral("reply A"));
        conversations()->setFocus();
        QTest::keyClick(conversations(), Qt::Key_Home);
        QCOMPARE(m_window->currentConversationId(), conversations()->item(0)->data(Qt::UserRole).toString());
        const QString shown = m_window->currentConversationId();
        QTRY_COMPARE(lastMessage()->renderedText(), shown == a ? QStringLiteral("reply A") : QStringLiteral("reply B"));
    }

    void creatingAndSwitchingProfilesChangesTheConversationList()
    {
        m_memory->newConversation(QStringLiteral("default"), QStringLiteral("Mine"));
        openWindow();
        QCOMPARE(users()->count(), 1);
        QCOMPARE(users()->currentText(), QStringLiteral("Me"));
        QCOMPARE(conversations()->count(), 1);

        m_memory->clock().advanceSecs(60); // profiles are listed oldest first
        TextPrompt::setNextText(QStringLiteral("Alice"));
        action("newUserAction")->trigger();
        QCOMPARE(users()->count(), 2);
        QCOMPARE(users()->currentText(), QStringLiteral("Alice"));
        QCOMPARE(conversations()->count(), 0);
        sendTyped(QStringLiteral("Alice's first question"));
        QTRY_COMPARE(conversations()->count(), 1);
        QCOMPARE(conversations()->item(0)->text(), QStringLiteral("Alice's first question"));
        QTRY_VERIFY(!engine().isBusy());

        // Back to the first profile with the keyboard, as a user would.
        users()->setFocus();
        QTest::keyClick(users(), Qt::Key_Up);
        QCOMPARE(users()->currentText(), QStringLiteral("Me"));
        QCOMPARE(m_window->currentUserId(), QStringLiteral("default"));
        QCOMPARE(conversations()->count(), 1);
        QCOMPARE(conversations()->item(0)->text(), QStringLiteral("Mine"));

        TextPrompt::setNextText(QStringLiteral("Bob"));
        QTest::keyClick(users(), Qt::Key_Down);
        action("renameUserAction")->trigger();
        QCOMPARE(users()->currentText(), QStringLiteral("Bob"));

        MessageBox::setNextAnswer(true);
        action("deleteUserAction")->trigger();
        QCOMPARE(users()->count(), 1);
        QCOMPARE(m_window->currentUserId(), QStringLiteral("default"));
        QCOMPARE(memory().users()->size(), 1);
        QVERIFY(!action("deleteUserAction")->isEnabled());
    }

    void anIncognitoConversationIsMarkedAndNeverStored()
    {
        openWindow();
        action("newIncognitoConversationAction")->trigger();
        QCOMPARE(conversations()->count(), 1);
        QListWidgetItem* item = conversations()->currentItem();
        QVERIFY(item->font().italic());
        QVERIFY(!item->icon().isNull());
        QVERIFY(find<QLabel>("incognitoLabel")->isVisible());

        engine().enqueue(reply({QStringLiteral("Noted, privately.")}));
        sendTyped(QStringLiteral("Secret plans"));
        QTRY_COMPARE(lastMessage()->state(), MessageWidget::State::Complete);
        engine().enqueue(reply({QStringLiteral("Still private.")}));
        sendTyped(QStringLiteral("More"));
        QTRY_COMPARE(messageCount(), 4);
        QTRY_COMPARE(lastMessage()->state(), MessageWidget::State::Complete);

        const TurnRequest second = engine().requests().last();
        QVERIFY(second.incognito);
        QCOMPARE(second.history.size(), 2);
        QCOMPARE(second.history[0].content, QStringLiteral("Secret plans"));
        QCOMPARE(second.history[1].content, QStringLiteral("Noted, privately."));
        QVERIFY(memory().conversations(QStringLiteral("default"))->isEmpty());
        QCOMPARE(conversations()->currentItem()->text(), QStringLiteral("Secret plans"));
        QVERIFY(conversations()->currentItem()->font().italic());

        // Leaving and coming back within the session shows it again; a normal one is not marked.
        action("newConversationAction")->trigger();
        QCOMPARE(messageCount(), 0);
        QVERIFY(!find<QLabel>("incognitoLabel")->isVisible());
        QVERIFY(!conversations()->currentItem()->font().italic());
        m_window->openConversation(second.conversationId);
        QCOMPARE(messageCount(), 4);
    }

    void memoriesUsedAreListedAndOpenThePanel()
    {
        openWindow();
        const UsedMemory fact{QStringLiteral("fact-1"), Tier::Semantic, QStringLiteral("project → 短视频"), 12};
        const UsedMemory episode{QStringLiteral("ep-1"), Tier::Episodic, QStringLiteral("We talked about editing"), 30};
        Turn turn = reply({QStringLiteral("Sure.")});
        turn.used = {fact, episode};
        engine().enqueue(turn);
        sendTyped(QStringLiteral("What am I working on?"));
        QTRY_COMPARE(lastMessage()->state(), MessageWidget::State::Complete);

        auto* disclosure = childOf<QToolButton>(lastMessage(), "memoriesUsedButton");
        QVERIFY(disclosure->isVisible());
        QCOMPARE(disclosure->text(), QStringLiteral("Memories used (2)"));
        QVERIFY(!childOf<QWidget>(lastMessage(), "memoriesUsedList")->isVisible());
        QTest::mouseClick(disclosure, Qt::LeftButton);
        QVERIFY(childOf<QWidget>(lastMessage(), "memoriesUsedList")->isVisible());
        const auto items = lastMessage()->findChildren<QToolButton*>(QStringLiteral("usedMemoryButton"));
        QCOMPARE(items.size(), 2);
        QVERIFY(items[0]->text().contains(QStringLiteral("project → 短视频")));
        QVERIFY(items[0]->text().contains(QStringLiteral("12 tokens")));

        m_window->memoryDock()->hide();
        QSignalSpy activated(chat(), &ChatView::memoryActivated);
        QTest::mouseClick(items[0], Qt::LeftButton);
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.first().first().toString(), QStringLiteral("fact-1"));
        QVERIFY(m_window->memoryDock()->isVisible());
        QCOMPARE(find<QLabel>("contextLabel")->text(),
                 QStringLiteral("Context tokens: 0 conversation · 30 past · 12 facts"));

        // The provenance is stored with the reply, so it survives a restart.
        m_window.reset();
        openWindow();
        QTRY_COMPARE(messageCount(), 2);
        QCOMPARE(lastMessage()->usedMemories().size(), 2);
    }

    void ctrlMTogglesTheMemoryPanel()
    {
        openWindow();
        QDockWidget* dock = m_window->memoryDock();
        QCOMPARE(dock->objectName(), QStringLiteral("memoryDock"));
        QCOMPARE(dock->windowTitle(), QStringLiteral("What the assistant remembers"));
        QVERIFY(dock->isVisible()); // in view from the first start
        QTest::keyClick(input(), Qt::Key_M, Qt::ControlModifier);
        QVERIFY(!dock->isVisible());
        QTest::keyClick(input(), Qt::Key_M, Qt::ControlModifier);
        QVERIFY(dock->isVisible());
    }

    void thePanelIsInViewOnFirstStartAndStaysAsTheUserLeftIt()
    {
        openWindow();
        QDockWidget* dock = m_window->memoryDock();
        QVERIFY(dock->isVisible());
        QVERIFY2(dock->width() >= 320 && dock->width() < m_window->width() / 2,
                 qPrintable(QString::number(dock->width())));
        QTest::keyClick(input(), Qt::Key_M, Qt::ControlModifier);
        QVERIFY(!dock->isVisible());
        m_window->close();

        openWindow();
        QVERIFY(!m_window->memoryDock()->isVisible()); // hidden by the user: hidden at the next start
        QTest::keyClick(input(), Qt::Key_M, Qt::ControlModifier);
        QVERIFY(m_window->memoryDock()->isVisible());
        m_window->close();

        openWindow();
        QVERIFY(m_window->memoryDock()->isVisible());
    }

    void anEmptyMemorySaysWhatWillAppear()
    {
        openWindow();
        auto* empty = find<QLabel>("emptyLabel");
        QVERIFY(empty);
        QTRY_VERIFY(empty->isVisible());
        QVERIFY(empty->text().contains(QStringLiteral("Add Fact")));
        QVERIFY(memory().addFact(QStringLiteral("default"), QStringLiteral("user"), QStringLiteral("job"),
                                 QStringLiteral("editor")));
        QTRY_VERIFY(!empty->isVisible());
    }

    // Every control a person can reach is named for a screen reader: its own text, its label's
    // (a buddy) or an accessible name (issue 15).
    void everyVisibleControlHasAnAccessibleName()
    {
        openWindow();
        const QString id = m_memory->newConversation(QStringLiteral("default"), QStringLiteral("Earlier"));
        m_memory->addRound(QStringLiteral("default"), id, QStringLiteral("What did I say?"), QStringLiteral("Plenty."));
        QVERIFY(memory().addFact(QStringLiteral("default"), QStringLiteral("user"), QStringLiteral("job"),
                                 QStringLiteral("editor")));
        m_window->openConversation(id);
        QTRY_COMPARE(messageCount(), 2);
        QStringList unnamed;
        auto* tiers = find<QTabWidget>("tabWidget");
        QVERIFY(tiers && tiers->isVisible());
        find<QToolButton>("filterButton")->setChecked(true); // the panel's filters too
        for (int tab = 0; tab < tiers->count(); ++tab) {     // every tier's tab in turn
            tiers->setCurrentIndex(tab);
            for (const QString& control : test::unnamedControls(m_window.get())) {
                if (!unnamed.contains(control))
                    unnamed.append(control);
            }
        }
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QLatin1String(", "))));
    }

    // Ctrl+F from anywhere in the window: the panel shows, its search field takes the keys.
    void findSearchesTheMemoryFromTheKeyboard()
    {
        openWindow();
        m_window->memoryDock()->hide();
        auto* input = find<QPlainTextEdit>("chatInput");
        input->setFocus();
        QTest::keySequence(m_window.get(), QKeySequence::Find);
        QVERIFY(m_window->memoryDock()->isVisible());
        auto* search = find<QLineEdit>("searchLineEdit");
        QTRY_VERIFY(search->hasFocus());
        QTest::keyClicks(search, QStringLiteral("editor"));
        QCOMPARE(search->text(), QStringLiteral("editor"));
    }

    // The desktop switching to a dark theme at run time: the icons follow.
    void aDarkPaletteAtRunTimeSwitchesTheIcons()
    {
        openWindow();
        auto* button = find<QToolButton>("newIncognitoToolButton");
        const auto image = [](const QIcon& icon) { return icon.pixmap(16, 16).toImage(); };
        const QPalette light = m_window->palette();
        QCOMPARE(image(button->icon()), image(themedIcon(QStringLiteral("incognito"), light)));
        QPalette dark = light;
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        m_window->setPalette(dark);
        QCOMPARE(image(button->icon()), image(themedIcon(QStringLiteral("incognito"), dark)));
        QVERIFY(image(button->icon()) != image(themedIcon(QStringLiteral("incognito"), light)));
        m_window->setPalette(light);
        QCOMPARE(image(button->icon()), image(themedIcon(QStringLiteral("incognito"), light)));
    }

    void aboutNamesTheVersionTheMemoryFileAndTheLicence()
    {
        openWindow();
        action("aboutAction")->trigger();
        const QString text = MessageBox::lastText();
        QVERIFY2(text.contains(QStringLiteral("Engram " ENGRAM_VERSION)), qPrintable(text));
        QVERIFY2(text.contains(m_memory->path().toHtmlEscaped()), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("MIT")));
    }

    void aRememberedNoticeOffersUndo()
    {
        openWindow();
        Turn turn = reply({QStringLiteral("Got it.")});
        turn.notice = QStringLiteral("project → 短视频");
        turn.undoToken = QStringLiteral("undo-42");
        engine().enqueue(turn);
        typeWithInputMethod(QStringLiteral("我转做短视频了"));
        QTest::keyClick(input(), Qt::Key_Return);
        QTRY_COMPARE(chat()->messages().first()->text(), QStringLiteral("我转做短视频了"));
        QLabel* notice = nullptr;
        QTRY_VERIFY((notice = chat()->findChild<QLabel*>(QStringLiteral("noticeLabel"))));
        QCOMPARE(notice->text(), QStringLiteral("Remembered: project → 短视频"));
        auto* undo = chat()->findChild<QToolButton*>(QStringLiteral("undoButton"));
        QVERIFY(undo);
        QTest::mouseClick(undo, Qt::LeftButton);
        QCOMPARE(engine().undone(), QStringList{QStringLiteral("undo-42")});
        QCOMPARE(notice->text(), QStringLiteral("No longer remembered: project → 短视频"));
        QTRY_VERIFY(!chat()->findChild<QToolButton*>(QStringLiteral("undoButton")));
    }

    void aLessSureNoticeSaysWhatWasWeakenedWithoutUndo()
    {
        openWindow();
        Turn turn = reply({QStringLiteral("抱歉。")});
        turn.notice = QStringLiteral("employer → 字节跳动");
        turn.noticeKind = ChatEngine::NoticeKind::LessSure;
        engine().enqueue(turn);
        typeWithInputMethod(QStringLiteral("不对"));
        QTest::keyClick(input(), Qt::Key_Return);
        QLabel* notice = nullptr;
        QTRY_VERIFY((notice = chat()->findChild<QLabel*>(QStringLiteral("noticeLabel"))));
        QCOMPARE(notice->text(), QStringLiteral("Less sure: employer → 字节跳动"));
        QVERIFY(!chat()->findChild<QToolButton*>(QStringLiteral("undoButton")));
    }

    void settingsSaveFieldsToAppSettingsAndTheKeyOnlyToTheSecretStore()
    {
        openWindow();
        QSignalSpy saved(m_window.get(), &MainWindow::settingsSaved);
        action("settingsAction")->trigger();
        auto* dialog = m_window->findChild<SettingsDialog*>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());

        auto* provider = dialog->findChild<QComboBox*>(QStringLiteral("providerComboBox"));
        auto* url = dialog->findChild<QLineEdit*>(QStringLiteral("baseUrlLineEdit"));
        auto* key = dialog->findChild<QLineEdit*>(QStringLiteral("apiKeyLineEdit"));
        auto* model = dialog->findChild<QLineEdit*>(QStringLiteral("chatModelLineEdit"));
        auto* language = dialog->findChild<QComboBox*>(QStringLiteral("languageComboBox"));
        QCOMPARE(provider->currentData().toString(), QStringLiteral("ollama"));
        QCOMPARE(key->echoMode(), QLineEdit::Password);

        // Typing DeepSeek's address selects its preset.
        url->selectAll();
        QTest::keyClicks(url, QStringLiteral("https://api.deepseek.com/v1"));
        QCOMPARE(provider->currentData().toString(), QStringLiteral("deepseek"));
        model->selectAll();
        QTest::keyClicks(model, QStringLiteral("deepseek-chat"));
        const QString secret = QStringLiteral("sk-test-SECRET-123456");
        QTest::keyClicks(key, secret);
        language->setFocus();
        QTest::keyClick(language, Qt::Key_Down); // 中文
        QCOMPARE(language->currentData().toString(), QStringLiteral("zh_CN"));
        auto* save = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save);
        QTest::mouseClick(save, Qt::LeftButton);

        QTRY_COMPARE(saved.size(), 1);
        QTRY_VERIFY(!m_window->findChild<SettingsDialog*>());
        QCOMPARE(m_settings->providerId(), QStringLiteral("deepseek"));
        QCOMPARE(m_settings->baseUrl(), QStringLiteral("https://api.deepseek.com/v1"));
        QCOMPARE(m_settings->chatModel(), QStringLiteral("deepseek-chat"));
        QCOMPARE(m_secrets->value(AppSettings::apiKeySecretName()), secret);
        QCOMPARE(find<QLabel>("modelLabel")->text(), QStringLiteral("Model: scripted-model"));

        QFile ini(m_settings->fileName());
        QVERIFY(ini.open(QIODevice::ReadOnly));
        const QByteArray bytes = ini.readAll();
        QVERIFY(bytes.contains("api.deepseek.com"));
        QVERIFY(!bytes.contains(secret.toUtf8()));
        QVERIFY(!bytes.contains("SECRET"));

        // The language persists for the next start, and the dialog shows what was saved.
        AppSettings reread(m_settings->fileName());
        QCOMPARE(reread.language(), QStringLiteral("zh_CN"));
        dialog = m_window->openSettings();
        QCOMPARE(dialog->findChild<QComboBox*>(QStringLiteral("languageComboBox"))->currentData().toString(),
                 QStringLiteral("zh_CN"));
        QTRY_COMPARE(dialog->findChild<QLineEdit*>(QStringLiteral("apiKeyLineEdit"))->text(), secret);
        dialog->reject();
    }

    void memorySettingsReachTheMemoryService()
    {
        openWindow();
        SettingsDialog* dialog = m_window->openSettings();
        auto* rounds = dialog->findChild<QSpinBox*>(QStringLiteral("windowRoundsSpinBox"));
        auto* enabled = dialog->findChild<QCheckBox*>(QStringLiteral("memoryEnabledCheckBox"));
        auto* backups = dialog->findChild<QSpinBox*>(QStringLiteral("backupsToKeepSpinBox"));
        QCOMPARE(rounds->value(), MemoryConfig{}.windowRounds);
        QCOMPARE(backups->value(), Backups::kDefaultKeep);
        QCOMPARE(backups->minimum(), 1);
        rounds->setValue(9);
        enabled->setChecked(false);
        backups->setValue(3);
        QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save), Qt::LeftButton);
        QTRY_VERIFY(!m_window->findChild<SettingsDialog*>());
        QCOMPARE(memory().config().windowRounds, 9);
        QVERIFY(!memory().config().enabled);
        QCOMPARE(m_settings->windowRounds(), 9);
        QCOMPARE(m_settings->backupsToKeep(), 3);
        // Leaving the key field alone never touches the stored key.
        QVERIFY(!m_secrets->contains(AppSettings::apiKeySecretName()));
    }

    void withoutAKeychainTheDialogSaysTheKeyLastsOneSession()
    {
        m_secrets->setPersistent(false);
        openWindow();
        SettingsDialog* dialog = m_window->openSettings();
        const QString note = dialog->findChild<QLabel*>(QStringLiteral("keyStorageLabel"))->text();
        QVERIFY(note.contains(QStringLiteral("No keychain service")));
        QVERIFY(note.contains(QStringLiteral("only until Engram quits")));
        dialog->reject();
    }

    void testConnectionUsesTheInjectedChecker()
    {
        openWindow();
        EndpointCheck seen;
        m_window->setConnectionTester(
            [&seen](const EndpointCheck& check, QObject*, std::function<void(bool, const QString&)> done) {
                seen = check;
                done(false, QStringLiteral("HTTP 401"));
            });
        SettingsDialog* dialog = m_window->openSettings();
        auto* test = dialog->findChild<QPushButton*>(QStringLiteral("testConnectionButton"));
        QVERIFY(test->isEnabled());
        QTest::mouseClick(test, Qt::LeftButton);
        QCOMPARE(seen.baseUrl, m_settings->baseUrl());
        QCOMPARE(dialog->findChild<QLabel*>(QStringLiteral("testResultLabel"))->text(),
                 QStringLiteral("Failed: HTTP 401"));
        dialog->reject();
    }

    void exportImportAndClearWaitForTheirHandler()
    {
        openWindow();
        QVERIFY(!action("exportMemoryAction")->isEnabled());
        m_window->setMemoryTransferAvailable(true);
        QSignalSpy exportSpy(m_window.get(), &MainWindow::exportMemoryRequested);
        action("exportMemoryAction")->trigger();
        QCOMPARE(exportSpy.size(), 1);
        QCOMPARE(exportSpy.first().first().toString(), QStringLiteral("default"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
