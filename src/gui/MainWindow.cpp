#include "MainWindow.h"
#include "ui_MainWindow.h"

#include "AppSettings.h"
#include "AppStartup.h"
#include "ChatController.h"
#include "ConnectToolDialog.h"
#include "ConnectedToolsPage.h"
#include "GuiLog.h"
#include "Icons.h"
#include "MemoryFileCare.h"
#include "MemoryPanel.h"
#include "MemoryStoragePage.h"
#include "MessageBox.h"
#include "SecretStore.h"
#include "StatusMessages.h"
#include "TextPrompt.h"
#include "memory/MemoryService.h"
#include "storage/Database.h"

#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QScreen>
#include <QShortcut>

#include <algorithm>

namespace engram {

namespace {

constexpr int kTitleChars = 40;
// The memory panel's width at the first start, before the user has sized it: about a third of
// the window, at most this.
constexpr int kFirstPanelWidth = 440;
constexpr QSize kFirstWindowSize{1360, 840};

QString userLabel(const User& u)
{
    // The profile made at first start has no name of its own.
    if (u.id == QLatin1String("default") && (u.displayName.isEmpty() || u.displayName == u.id))
        return MainWindow::tr("Me");
    return u.displayName.isEmpty() ? u.id : u.displayName;
}

} // namespace

MainWindow::MainWindow(MemoryService& memory, AppSettings& settings, SecretStore& secrets, ChatEngine& engine,
                       QWidget* parent)
    : QMainWindow(parent)
    , m_ui(std::make_unique<::Ui::MainWindow>())
    , m_memory(memory)
    , m_settings(settings)
    , m_secrets(secrets)
    , m_engine(engine)
{
    AppStartup::initResources();
    m_ui->setupUi(this);
    m_status = new StatusMessages(statusBar(), this);
    setWindowIcon(QIcon(QStringLiteral(":/icons/engram.svg")));
    m_ui->mainSplitter->setStretchFactor(0, 0);
    m_ui->mainSplitter->setStretchFactor(1, 1);
    m_ui->mainSplitter->setSizes({260, 860});
    updateThemedIcons();

    m_chat = new ChatController(engine, memory, *m_ui->chatView, this);
    setupActions();
    setupStatusBar();
    setupMemoryDock();

    connect(m_chat, &ChatController::busyChanged, this, &MainWindow::onBusyChanged);
    connect(m_chat, &ChatController::turnFailed, this, &MainWindow::showTurnError);
    // A reply that came says nothing about the memory: its banner stays until the memory is saved.
    connect(m_chat, &ChatController::turnSucceeded, this,
            [this] { m_ui->errorBanner->dismiss(ErrorBanner::Topic::Model); });
    connect(m_chat, &ChatController::contextUsed, this, &MainWindow::showContext);
    connect(m_chat, &ChatController::statusMessage, this, &MainWindow::showStatus);
    connect(m_chat, &ChatController::messageSent, this, &MainWindow::titleFromFirstMessage);
    // A turn moves its conversation to the top of the list.
    connect(m_chat, &ChatController::conversationUpdated, this, &MainWindow::reloadConversations);
    connect(m_ui->chatView, &ChatView::statusMessage, this, &MainWindow::showStatus);
    connect(m_ui->chatView, &ChatView::memoryActivated, this, &MainWindow::showMemoryItem);
    connect(m_ui->errorBanner, &ErrorBanner::settingsRequested, this, &MainWindow::openSettings);
    connect(m_ui->chatInput, &ChatInput::submitRequested, this, &MainWindow::sendMessage);
    connect(m_ui->chatInput, &QPlainTextEdit::textChanged, this, &MainWindow::updateSendButton);
    connect(m_ui->chatInput, &ChatInput::limitReached, this, &MainWindow::showStatus);
    connect(m_ui->sendButton, &QPushButton::clicked, this, [this] {
        if (m_chat->isBusy())
            m_chat->stop();
        else
            sendMessage();
    });
    connect(m_ui->conversationListWidget, &QListWidget::currentItemChanged, this, &MainWindow::onConversationSelected);
    connect(m_ui->userComboBox, &QComboBox::activated, this,
            [this](int index) { setUser(m_ui->userComboBox->itemData(index).toString()); });

    connect(&memory, &MemoryService::usersChanged, this, &MainWindow::reloadUsers);
    connect(&memory, &MemoryService::conversationsChanged, this, [this](const QString& userId) {
        if (userId == m_userId)
            reloadConversations();
    });
    connect(&engine, &ChatEngine::connectionStateChanged, this, &MainWindow::showConnectionState);
    connect(&engine, &ChatEngine::modelNameChanged, this, &MainWindow::updateModelLabel);
    connect(&engine, &ChatEngine::memorySavingDelayed, m_ui->errorBanner, &ErrorBanner::showSavingDelayed);
    connect(&engine, &ChatEngine::memorySavedAgain, this, [this] {
        m_ui->errorBanner->dismiss(ErrorBanner::Topic::Memory);
        showNotice(tr("Memory saved again."));
    });
    connect(&engine, &ChatEngine::memoryForgotten, this, [this](const QString& userId, qsizetype archived) {
        if (userId == m_userId)
            showNotice(tr("Forgetting moved %Ln older episode(s) to the archive; the panel's Archive tab can bring "
                          "them back.",
                          nullptr, int(archived)));
    });

    restoreLayout();
    reloadUsers();
    updateSendButton();
    showConnectionState(engine.connectionState());
    m_ui->chatInput->setFocus();
}

MainWindow::~MainWindow() = default;

void MainWindow::setupActions()
{
    connect(m_ui->newConversationAction, &QAction::triggered, this, [this] { newConversation(false); });
    connect(m_ui->newIncognitoConversationAction, &QAction::triggered, this, [this] { newConversation(true); });
    connect(m_ui->renameConversationAction, &QAction::triggered, this, &MainWindow::renameConversation);
    connect(m_ui->deleteConversationAction, &QAction::triggered, this, &MainWindow::deleteConversation);
    connect(m_ui->newConversationButton, &QPushButton::clicked, m_ui->newConversationAction, &QAction::trigger);
    connect(m_ui->newIncognitoToolButton, &QToolButton::clicked, m_ui->newIncognitoConversationAction,
            &QAction::trigger);
    m_ui->conversationListWidget->addActions({m_ui->renameConversationAction, m_ui->deleteConversationAction});
    // Delete removes a conversation only from the list, never while typing a message.
    auto* deleteKey =
        new QShortcut(QKeySequence::Delete, m_ui->conversationListWidget, nullptr, nullptr, Qt::WidgetShortcut);
    connect(deleteKey, &QShortcut::activated, this, &MainWindow::deleteConversation);

    connect(m_ui->newUserAction, &QAction::triggered, this, &MainWindow::newUser);
    connect(m_ui->renameUserAction, &QAction::triggered, this, &MainWindow::renameUser);
    connect(m_ui->deleteUserAction, &QAction::triggered, this, &MainWindow::deleteUser);
    auto* userMenu = new QMenu(this);
    userMenu->addActions({m_ui->newUserAction, m_ui->renameUserAction, m_ui->deleteUserAction});
    // Shown on click rather than set as the button's menu, which would add an arrow to "…".
    connect(m_ui->userMenuToolButton, &QToolButton::clicked, this, [this, userMenu] {
        userMenu->exec(m_ui->userMenuToolButton->mapToGlobal(QPoint(0, m_ui->userMenuToolButton->height())));
    });

    connect(m_ui->exportMemoryAction, &QAction::triggered, this, [this] { Q_EMIT exportMemoryRequested(m_userId); });
    connect(m_ui->importMemoryAction, &QAction::triggered, this, [this] { Q_EMIT importMemoryRequested(m_userId); });
    connect(m_ui->clearMemoryAction, &QAction::triggered, this, [this] { Q_EMIT clearMemoryRequested(m_userId); });
    setMemoryTransferAvailable(false);
    connect(m_ui->settingsAction, &QAction::triggered, this, &MainWindow::openSettings);
    connect(m_ui->quitAction, &QAction::triggered, this, &QWidget::close);
    connect(m_ui->aboutAction, &QAction::triggered, this, &MainWindow::showAbout);
    m_fileCare = new MemoryFileCare(m_memory, this);
    connect(m_fileCare, &MemoryFileCare::statusMessage, this, &MainWindow::showStatus);
    connect(m_fileCare, &MemoryFileCare::notice, this, &MainWindow::showNotice);
    auto* checkFile = new QAction(tr("&Check Memory File"), this);
    checkFile->setObjectName(QStringLiteral("checkMemoryFileAction"));
    checkFile->setStatusTip(tr("Check every page of the memory file for damage"));
    connect(checkFile, &QAction::triggered, this, [this] { m_fileCare->checkNow(this); });
    m_ui->helpMenu->insertAction(m_ui->aboutAction, checkFile);
    auto* connectTool = new QAction(tr("Connect Other AI &Tools…"), this);
    connectTool->setObjectName(QStringLiteral("connectToolAction"));
    connectTool->setStatusTip(tr("Let Claude Desktop, Cursor, VS Code and other tools use this memory"));
    connect(connectTool, &QAction::triggered, this, &MainWindow::showConnectTool);
    m_ui->helpMenu->insertAction(checkFile, connectTool);

    auto* stop = new QAction(tr("Stop the Reply"), this);
    stop->setObjectName(QStringLiteral("stopAction"));
    stop->setShortcut(Qt::Key_Escape);
    stop->setEnabled(false);
    connect(stop, &QAction::triggered, m_chat, &ChatController::stop);
    addAction(stop);
}

void MainWindow::setupStatusBar()
{
    m_modelLabel = new QLabel(this);
    m_modelLabel->setObjectName(QStringLiteral("modelLabel"));
    m_connectionLabel = new QLabel(this);
    m_connectionLabel->setObjectName(QStringLiteral("connectionLabel"));
    m_contextLabel = new QLabel(this);
    m_contextLabel->setObjectName(QStringLiteral("contextLabel"));
    m_contextLabel->setToolTip(tr("Estimated tokens each memory tier put into the last reply's context"));
    for (QLabel* label : {m_contextLabel, m_modelLabel, m_connectionLabel})
        label->setContentsMargins(8, 0, 8, 0);
    statusBar()->addPermanentWidget(m_contextLabel);
    statusBar()->addPermanentWidget(m_modelLabel);
    statusBar()->addPermanentWidget(m_connectionLabel);
    updateModelLabel();
}

void MainWindow::setupMemoryDock()
{
    m_memoryDock = new QDockWidget(MemoryPanel::title(), this);
    m_memoryDock->setObjectName(QStringLiteral("memoryDock"));
    m_memoryDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable);
    m_memoryPanel = new MemoryPanel(m_memory, m_memoryDock);
    m_memoryPanel->setMinimumWidth(320);
    m_memoryDock->setWidget(m_memoryPanel);
    connect(m_memoryPanel, &MemoryPanel::statusMessage, this, &MainWindow::showStatus);
    connect(m_memoryPanel, &MemoryPanel::sourceRequested, this, &MainWindow::showSource);
    // In view from the first start: the panel is what sets Engram apart. Later starts restore
    // whatever the user made of it (restoreLayout).
    addDockWidget(Qt::RightDockWidgetArea, m_memoryDock);

    QAction* toggle = m_memoryDock->toggleViewAction();
    toggle->setObjectName(QStringLiteral("toggleMemoryPanelAction"));
    toggle->setText(tr("&Memory Panel"));
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    toggle->setStatusTip(tr("Show or hide what the assistant remembers"));
    m_ui->viewMenu->addAction(toggle);

    auto* search = new QAction(tr("&Search Memory"), this);
    search->setObjectName(QStringLiteral("searchMemoryAction"));
    search->setShortcut(QKeySequence::Find);
    search->setStatusTip(tr("Search everything the assistant remembers"));
    connect(search, &QAction::triggered, this, [this] {
        m_memoryDock->show();
        m_memoryDock->raise();
        m_memoryPanel->focusSearch();
    });
    m_ui->viewMenu->addAction(search);
}

// The first start: a window wide enough for the conversations, the chat and the memory panel
// side by side (within the screen), the panel about a third of it.
void MainWindow::firstStartLayout()
{
    if (const QScreen* s = screen()) {
        const QRect available = s->availableGeometry();
        resize(std::min(kFirstWindowSize.width(), available.width() * 9 / 10),
               std::min(kFirstWindowSize.height(), available.height() * 9 / 10));
    }
    const int panel = std::clamp(width() * 35 / 100, m_memoryPanel->minimumWidth(), kFirstPanelWidth);
    resizeDocks({m_memoryDock}, {panel}, Qt::Horizontal);
}

void MainWindow::restoreLayout()
{
    if (!m_settings.windowGeometry().isEmpty())
        restoreGeometry(m_settings.windowGeometry());
    if (!m_settings.windowState().isEmpty())
        restoreState(m_settings.windowState());
    else
        firstStartLayout();
    if (!m_settings.splitterState().isEmpty())
        m_ui->mainSplitter->restoreState(m_settings.splitterState());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_chat->stop();
    m_settings.setWindowGeometry(saveGeometry());
    m_settings.setWindowState(saveState());
    m_settings.setSplitterState(m_ui->mainSplitter->saveState());
    m_settings.sync();
    event->accept();
}

// ---- profiles ----------------------------------------------------------------------------------

void MainWindow::reloadUsers()
{
    auto users = m_memory.users();
    if (!users) {
        showStatus(tr("Could not read the profiles: %1").arg(users.errorMessage()));
        return;
    }
    QString wanted = m_userId.isEmpty() ? m_settings.lastUserId() : m_userId;
    bool found = false;
    m_ui->userComboBox->clear();
    for (const User& u : std::as_const(*users)) {
        m_ui->userComboBox->addItem(userLabel(u), u.id);
        found = found || u.id == wanted;
    }
    if (!found)
        wanted = users->isEmpty() ? QString() : users->first().id;
    m_ui->deleteUserAction->setEnabled(users->size() > 1);
    if (wanted.isEmpty()) {
        m_userId.clear();
        m_chat->showNothing(tr("Create a profile to start (Profile › New Profile)."));
        return;
    }
    m_ui->userComboBox->setCurrentIndex(m_ui->userComboBox->findData(wanted));
    if (wanted != m_userId)
        setUser(wanted);
}

void MainWindow::setUser(const QString& userId)
{
    if (userId.isEmpty())
        return;
    m_userId = userId;
    m_settings.setLastUserId(userId);
    m_ui->userComboBox->setCurrentIndex(m_ui->userComboBox->findData(userId));
    m_memoryPanel->setUser(userId);
    reloadConversations();
    if (m_ui->conversationListWidget->count() > 0)
        m_ui->conversationListWidget->setCurrentRow(0);
    else
        onConversationSelected();
}

void MainWindow::newUser()
{
    const auto name = TextPrompt::ask(this, tr("New Profile"), tr("Name of the new profile:"));
    if (!name)
        return;
    const QString id = newId();
    if (auto created = m_memory.ensureUser(id, *name); !created) {
        MessageBox::warning(this, tr("New Profile"), tr("The profile could not be created."), created.errorMessage());
        return;
    }
    setUser(id);
}

void MainWindow::renameUser()
{
    const auto name =
        TextPrompt::ask(this, tr("Rename Profile"), tr("New name of this profile:"), m_ui->userComboBox->currentText());
    if (!name)
        return;
    if (auto st = m_memory.renameUser(m_userId, *name); !st)
        MessageBox::warning(this, tr("Rename Profile"), tr("The profile could not be renamed."), st.errorMessage());
}

void MainWindow::deleteUser()
{
    if (m_ui->userComboBox->count() < 2)
        return;
    const QString name = m_ui->userComboBox->currentText();
    if (!MessageBox::confirm(this, tr("Delete Profile"), tr("Delete the profile “%1”?").arg(name),
                             tr("All of its conversations and everything the assistant remembers about it are "
                                "erased. This cannot be undone."),
                             tr("Delete Profile")))
        return;
    const QString id = m_userId;
    m_chat->stop();
    m_userId.clear();
    m_incognito.remove(id);
    if (auto st = m_memory.deleteUser(id); !st) {
        m_userId = id;
        MessageBox::warning(this, tr("Delete Profile"), tr("The profile could not be deleted."), st.errorMessage());
    }
    reloadUsers();
}

// ---- conversations -----------------------------------------------------------------------------

void MainWindow::reloadConversations()
{
    const QString selected = currentConversationId();
    QList<Conversation> all = m_incognito.value(m_userId);
    if (auto stored = m_memory.conversations(m_userId))
        all += *stored;
    else
        showStatus(tr("Could not read the conversations: %1").arg(stored.errorMessage()));
    m_ui->conversationListWidget->setConversations(all);
    m_ui->renameConversationAction->setEnabled(!all.isEmpty());
    m_ui->deleteConversationAction->setEnabled(!all.isEmpty());
    if (currentConversationId() != selected)
        onConversationSelected();
}

QString MainWindow::currentConversationId() const
{
    return m_ui->conversationListWidget->currentId();
}

std::optional<Conversation> MainWindow::findConversation(const QString& id) const
{
    for (const Conversation& c : m_incognito.value(m_userId)) {
        if (c.id == id)
            return c;
    }
    if (auto stored = m_memory.conversation(m_userId, id))
        return *stored;
    return std::nullopt;
}

void MainWindow::openConversation(const QString& conversationId)
{
    m_ui->conversationListWidget->select(conversationId);
}

void MainWindow::onConversationSelected()
{
    const auto conversation = findConversation(currentConversationId());
    m_memoryPanel->setConversation(conversation ? conversation->id : QString());
    if (!conversation) {
        setWindowTitle(QStringLiteral("Engram"));
        m_chat->showNothing(tr("Start a conversation: type below, or choose New Conversation."));
        return;
    }
    if (conversation->id == m_chat->conversationId())
        return;
    //: Window title: the conversation's title, then the app's name
    setWindowTitle(tr("%1 — Engram").arg(ConversationList::title(*conversation)));
    m_chat->showConversation(m_userId, *conversation);
    m_ui->chatInput->setFocus();
}

void MainWindow::newConversation(bool incognito)
{
    if (m_userId.isEmpty())
        return;
    auto created = m_memory.createConversation(m_userId, QString(), incognito);
    if (!created) {
        MessageBox::warning(this, tr("New Conversation"), tr("The conversation could not be created."),
                            created.errorMessage());
        return;
    }
    if (incognito) {
        // MemoryService writes nothing for it, not even that it exists: this window keeps it.
        m_incognito[m_userId].prepend(*created);
        reloadConversations();
    }
    openConversation(created->id);
    m_ui->chatInput->setFocus();
}

void MainWindow::renameConversation()
{
    const auto conversation = findConversation(currentConversationId());
    if (!conversation)
        return;
    const auto title = TextPrompt::ask(this, tr("Rename Conversation"), tr("New title of this conversation:"),
                                       ConversationList::title(*conversation));
    if (!title)
        return;
    if (conversation->incognito) {
        for (Conversation& c : m_incognito[m_userId]) {
            if (c.id == conversation->id)
                c.title = *title;
        }
        reloadConversations();
    } else if (auto st = m_memory.renameConversation(m_userId, conversation->id, *title); !st) {
        MessageBox::warning(this, tr("Rename Conversation"), tr("The conversation could not be renamed."),
                            st.errorMessage());
        return;
    }
    setWindowTitle(tr("%1 — Engram").arg(*title));
}

void MainWindow::deleteConversation()
{
    const auto conversation = findConversation(currentConversationId());
    if (!conversation)
        return;
    if (!MessageBox::confirm(this, tr("Delete Conversation"),
                             tr("Delete the conversation “%1”?").arg(ConversationList::title(*conversation)),
                             tr("Its messages are removed from the history. What the assistant learned from it stays "
                                "in memory until you delete it there."),
                             tr("Delete")))
        return;
    if (m_chat->isBusy() && m_chat->conversationId() == conversation->id)
        m_chat->stop();
    const int row = m_ui->conversationListWidget->currentRow();
    if (conversation->incognito) {
        m_incognito[m_userId].removeIf([&](const Conversation& c) { return c.id == conversation->id; });
        m_chat->forgetIncognito(conversation->id);
        reloadConversations();
    } else if (auto st = m_memory.deleteConversation(m_userId, conversation->id); !st) {
        MessageBox::warning(this, tr("Delete Conversation"), tr("The conversation could not be deleted."),
                            st.errorMessage());
        return;
    }
    const int count = m_ui->conversationListWidget->count();
    m_ui->conversationListWidget->setCurrentRow(count == 0 ? -1 : std::min(row, count - 1));
    onConversationSelected();
}

void MainWindow::titleFromFirstMessage(const QString& conversationId, const QString& text)
{
    const auto conversation = findConversation(conversationId);
    if (!conversation || !conversation->title.isEmpty())
        return;
    QString title = text.section(QLatin1Char('\n'), 0, 0).simplified();
    if (title.size() > kTitleChars)
        title = title.left(kTitleChars - 1) + QChar(0x2026);
    if (conversation->incognito) {
        for (Conversation& c : m_incognito[m_userId]) {
            if (c.id == conversationId)
                c.title = title;
        }
        reloadConversations();
    } else if (auto st = m_memory.renameConversation(m_userId, conversationId, title); !st) {
        qCWarning(lcGui) << "could not title a conversation:" << st.errorMessage();
    }
    if (conversationId == currentConversationId())
        setWindowTitle(tr("%1 — Engram").arg(title));
}

// ---- turns -------------------------------------------------------------------------------------

void MainWindow::sendMessage()
{
    const QString text = m_ui->chatInput->text();
    if (m_chat->isBusy()) {
        showStatus(tr("A reply is still being written. Press Esc to stop it."));
        return;
    }
    if (text.trimmed().isEmpty() || m_userId.isEmpty())
        return;
    if (currentConversationId().isEmpty())
        newConversation(false);
    if (m_chat->send(text))
        m_ui->chatInput->clear();
}

void MainWindow::onBusyChanged(bool busy)
{
    findChild<QAction*>(QStringLiteral("stopAction"))->setEnabled(busy);
    updateSendButton();
}

void MainWindow::updateSendButton()
{
    const bool busy = m_chat->isBusy();
    m_ui->sendButton->setText(busy ? tr("Stop") : tr("Send"));
    m_ui->sendButton->setToolTip(busy ? tr("Stop the reply (Esc); what has arrived is kept")
                                      : tr("Send the message (Enter)"));
    m_ui->sendButton->setEnabled(busy || !m_ui->chatInput->text().trimmed().isEmpty());
}

void MainWindow::showTurnError(ChatEngine::ErrorKind kind, const QString& message)
{
    m_ui->errorBanner->showTurnError(kind, message, m_settings.baseUrl());
}

void MainWindow::showConnectionState(ChatEngine::ConnectionState state)
{
    switch (state) {
    case ChatEngine::ConnectionState::Unknown:
        m_connectionLabel->setText(tr("Not connected yet"));
        break;
    case ChatEngine::ConnectionState::Connected:
        m_connectionLabel->setText(tr("Connected"));
        break;
    case ChatEngine::ConnectionState::Unreachable:
        m_connectionLabel->setText(tr("Cannot reach the model"));
        break;
    case ChatEngine::ConnectionState::NotConfigured:
        m_connectionLabel->setText(tr("No model connected"));
        showTurnError(ChatEngine::ErrorKind::NotConfigured, QString());
        break;
    }
}

void MainWindow::showContext(const QList<UsedMemory>& items)
{
    int working{};
    int episodic{};
    int semantic{};
    for (const UsedMemory& m : items) {
        if (m.tier == Tier::Working)
            working += m.tokens;
        else if (m.tier == Tier::Episodic)
            episodic += m.tokens;
        else if (m.tier == Tier::Semantic)
            semantic += m.tokens;
    }
    m_contextLabel->setText(
        tr("Context tokens: %1 conversation · %2 past · %3 facts").arg(working).arg(episodic).arg(semantic));
}

void MainWindow::updateModelLabel()
{
    const QString model = m_engine.modelName().isEmpty() ? m_settings.chatModel() : m_engine.modelName();
    m_modelLabel->setText(model.isEmpty() ? tr("No model chosen") : tr("Model: %1").arg(model));
}

void MainWindow::showStatus(const QString& text)
{
    m_status->show(text, StatusMessages::Kind::Answer);
}

void MainWindow::showNotice(const QString& text)
{
    m_status->show(text, StatusMessages::Kind::Notice);
}

void MainWindow::showMemoryItem(const QString& id)
{
    m_memoryDock->show();
    m_memoryDock->raise();
    if (!m_memoryPanel->selectItem(id))
        showStatus(tr("That memory is no longer in the panel."));
}

void MainWindow::showSource(const QString& conversationId, const QString& messageId)
{
    if (!findConversation(conversationId)) {
        showStatus(tr("The conversation this came from was deleted. The memory stays until you delete it."));
        return;
    }
    openConversation(conversationId);
    if (m_ui->chatView->highlightMessage(messageId))
        showStatus(tr("The highlighted message is where this came from."));
    else
        showStatus(tr("This came from this conversation; the message itself is no longer in it."));
}

// ---- dialogs -----------------------------------------------------------------------------------

void MainWindow::setConnectionTester(SettingsDialog::ConnectionTester tester)
{
    m_tester = std::move(tester);
}

void MainWindow::setMemoryTransferAvailable(bool available)
{
    for (QAction* a : {m_ui->exportMemoryAction, m_ui->importMemoryAction, m_ui->clearMemoryAction})
        a->setEnabled(available);
}

SettingsDialog* MainWindow::openSettings()
{
    if (m_settingsDialog) {
        m_settingsDialog->raise();
        m_settingsDialog->activateWindow();
        return m_settingsDialog;
    }
    m_settingsDialog = new SettingsDialog(m_settings, m_secrets, this);
    m_settingsDialog->setObjectName(QStringLiteral("settingsDialog"));
    m_settingsDialog->setAttribute(Qt::WA_DeleteOnClose);
    if (m_tester)
        m_settingsDialog->setConnectionTester(m_tester);
    const Database& db = m_memory.database();
    m_settingsDialog->addMemoryStoragePage(
        new MemoryStoragePage(m_settings, m_secrets, db.isServer() ? db.path() : QDir::toNativeSeparators(db.path())));
    if (!m_userId.isEmpty()) {
        auto* tools = new ConnectedToolsPage(m_memory, m_userId);
        connect(tools, &ConnectedToolsPage::connectToolRequested, this, &MainWindow::showConnectTool);
        m_settingsDialog->addConnectedToolsPage(tools);
    }
    connect(m_settingsDialog, &SettingsDialog::saved, this, [this] {
        m_memory.setConfig(m_settings.memoryConfig(m_memory.config()));
        updateModelLabel();
        showStatus(tr("Settings saved."));
        Q_EMIT settingsSaved();
    });
    m_settingsDialog->open();
    return m_settingsDialog;
}

ConnectToolDialog* MainWindow::showConnectTool()
{
    // Over Settings when it is open (its Connect a Tool… button), else over the window.
    QWidget* over = m_settingsDialog && m_settingsDialog->isVisible() ? static_cast<QWidget*>(m_settingsDialog) : this;
    auto* dialog =
        new ConnectToolDialog(McpSnippet(McpSnippet::findProgram(), m_memory.database().path(), m_userId), over);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

void MainWindow::startDailyBackups()
{
    m_fileCare->startDailyBackups();
}

void MainWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        updateThemedIcons();
}

void MainWindow::updateThemedIcons()
{
    const QIcon incognito = themedIcon(QStringLiteral("incognito"), palette());
    m_ui->newIncognitoToolButton->setIcon(incognito);
    m_ui->newIncognitoConversationAction->setIcon(incognito);
}

void MainWindow::showAbout()
{
    const QString file = QDir::toNativeSeparators(m_memory.database().path());
    MessageBox::about(this, tr("About Engram"),
                      tr("<h3>Engram %1</h3><p>A desktop assistant that remembers you across conversations, and "
                         "shows you everything it remembers.</p><p>Memory is kept in one file on this computer; only "
                         "the model endpoint you choose sees your messages.</p><p>Your memory: %2<br>Its folder: "
                         "%3</p><p>Free software under the MIT licence.</p>")
                          .arg(QStringLiteral(ENGRAM_VERSION), file.toHtmlEscaped(),
                               QDir::toNativeSeparators(QFileInfo(file).absolutePath()).toHtmlEscaped()));
}

} // namespace engram
