#include "MemoryPanel.h"

#include "AddFactDialog.h"
#include "ColumnFitter.h"
#include "EditItemDialog.h"
#include "HistoryDialog.h"
#include "MemoryFilterBar.h"
#include "MessageBoxes.h"
#include "memory/FactLabels.h"
#include "memory/MemoryService.h"
#include "memory/SemanticMemory.h"
#include "models/ArchiveTableModel.h"
#include "models/EpisodeTableModel.h"
#include "models/FactTableModel.h"
#include "models/ItemFilterProxyModel.h"
#include "models/WorkingTableModel.h"
#include "ui_MemoryPanel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QScrollBar>

namespace engram {
namespace {

constexpr int kMainTextWidth = 220;
constexpr int kSecondTextWidth = 160;

template <typename T>
Status statusOf(const Result<T>& result)
{
    return result ? Status() : Status(result.error());
}

QList<MemoryItem> pendingOf(QList<MemoryItem> items)
{
    items.removeIf([](const MemoryItem& i) { return i.status != enumName(ItemStatus::Pending); });
    return items;
}

QString shortText(const QString& text)
{
    const QString line = text.simplified();
    return line.size() > 60 ? line.left(59) + QChar(0x2026) : line;
}

} // namespace

MemoryPanel::MemoryPanel(MemoryService& service, QWidget* parent)
    : QWidget(parent)
    , m_service(service)
    , m_ui(std::make_unique<Ui::MemoryPanel>())
    , m_facts(new FactTableModel(service, this))
    , m_episodes(new EpisodeTableModel(service, this))
    , m_working(new WorkingTableModel(service, this))
    , m_archive(new ArchiveTableModel(service, this))
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("memoryPanel"));
    m_ui->undoAction->setShortcut(QKeySequence::Undo);
    m_ui->deleteAction->setShortcut(QKeySequence::Delete);
    addActions(m_ui->panelToolBar->actions()); // their shortcuts work anywhere in the panel

    auto* separator = new QAction(this);
    separator->setSeparator(true);
    auto* separator2 = new QAction(this);
    separator2->setSeparator(true);
    m_sourceAction = new QAction(tr("Show &Where This Came From"), this);
    m_sourceAction->setObjectName(QStringLiteral("sourceAction"));
    m_sourceAction->setStatusTip(tr("Open the conversation at the message this was learned from"));
    setUpPage(Tab::Profile, m_ui->factsTableView, m_facts, {FactTableModel::ValueColumn}, FactTableModel::UpdatedColumn,
              Qt::DescendingOrder,
              {m_ui->confirmAction, m_ui->rejectAction, separator, m_ui->pinAction, m_ui->editAction,
               m_ui->deleteAction, m_ui->historyAction, m_sourceAction, separator2, m_ui->addFactAction,
               m_ui->undoAction});
    setUpPage(Tab::Episodes, m_ui->episodesTableView, m_episodes,
              {EpisodeTableModel::ContentColumn, EpisodeTableModel::DetailColumn}, EpisodeTableModel::CreatedColumn,
              Qt::DescendingOrder,
              {m_ui->pinAction, m_ui->editAction, m_ui->deleteAction, m_ui->historyAction, m_sourceAction, separator,
               m_ui->undoAction});
    setUpPage(Tab::Working, m_ui->workingTableView, m_working,
              {WorkingTableModel::ContentColumn, WorkingTableModel::ModelSeesColumn}, WorkingTableModel::TimeColumn,
              Qt::AscendingOrder,
              {m_ui->pinAction, m_ui->editAction, m_ui->deleteAction, m_ui->historyAction, m_sourceAction, separator,
               m_ui->undoAction});
    setUpPage(
        Tab::Archive, m_ui->archiveTableView, m_archive, {ArchiveTableModel::ContentColumn},
        ArchiveTableModel::ArchivedColumn, Qt::DescendingOrder,
        {m_ui->restoreAction, m_ui->deleteAction, m_ui->historyAction, m_sourceAction, separator, m_ui->undoAction});

    // A search reads one page (the count comes later), so it answers a key at once; keys typed
    // while a search runs wait in the event queue and restart the timer: one search for them all.
    m_searchTimer.setSingleShot(true);
    m_searchTimer.setInterval(0);
    connect(&m_searchTimer, &QTimer::timeout, this, &MemoryPanel::applySearch);
    connect(m_ui->searchLineEdit, &QLineEdit::textChanged, this, [this] { m_searchTimer.start(); });
    connect(m_ui->filterBar, &MemoryFilterBar::changed, this, [this] {
        updateFilterButton();
        m_searchTimer.start();
    });
    connect(m_ui->filterButton, &QToolButton::toggled, this, [this](bool shown) {
        if (shown)
            reloadConversations();
        m_ui->filterBar->setVisible(shown);
    });
    connect(m_ui->tabWidget, &QTabWidget::currentChanged, this, &MemoryPanel::onTabChanged);
    connect(m_episodes, &PagedItemTableModel::totalCountChanged, this, &MemoryPanel::updateTabTitles);
    connect(m_archive, &PagedItemTableModel::totalCountChanged, this, &MemoryPanel::updateTabTitles);
    connectActions();
    onTabChanged();
    updateTabTitles();

    // engram-cli and MCP servers write the same file: what they commit shows within a second.
    connect(&m_service, &MemoryService::changedElsewhere, this, [this] {
        for (const Page& p : m_pages)
            reloadKeepingView(p);
    });
    m_outsideTimer.setInterval(1000);
    connect(&m_outsideTimer, &QTimer::timeout, &m_service, &MemoryService::checkForChangesElsewhere);
    m_outsideTimer.start();
    m_service.checkForChangesElsewhere(); // the starting point
}

MemoryPanel::~MemoryPanel() = default;

void MemoryPanel::reloadKeepingView(const Page& p)
{
    QStringList selected;
    for (const QModelIndex& index : p.view->selectionModel()->selectedRows())
        selected.append(index.data(ItemTableModel::IdRole).toString());
    const QString current = p.view->currentIndex().data(ItemTableModel::IdRole).toString();
    const int scrolled = p.view->verticalScrollBar()->value();
    p.model->reload();
    const auto indexOf = [&p](const QString& id) {
        const int row = p.model->rowOf(id);
        return row < 0 ? QModelIndex() : p.proxy->mapFromSource(p.model->index(row, 0));
    };
    QItemSelection selection;
    for (const QString& id : std::as_const(selected)) {
        if (const QModelIndex index = indexOf(id); index.isValid())
            selection.select(index, index);
    }
    if (const QModelIndex index = indexOf(current); index.isValid())
        p.view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::NoUpdate);
    p.view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    p.view->verticalScrollBar()->setValue(scrolled);
}

QString MemoryPanel::title()
{
    return tr("What the assistant remembers");
}

void MemoryPanel::setUpPage(Tab tab, QTableView* view, ItemTableModel* model, const QList<int>& textColumns,
                            int sortColumn, Qt::SortOrder order, const QList<QAction*>& menu)
{
    auto* proxy = new ItemFilterProxyModel(model, this);
    m_pages.at(static_cast<std::size_t>(tab)) = Page{view, model, proxy};
    view->setModel(proxy);
    view->addActions(menu);
    // Short columns fit their content; the text columns get the rest.
    QHeaderView* header = view->horizontalHeader();
    // Measure the rows on screen, not 100,000: a search resets the rows and the short columns are
    // measured again before the view paints.
    header->setResizeContentsPrecision(0);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    QList<int> minimumWidths{kMainTextWidth};
    if (textColumns.size() > 1)
        minimumWidths.append(kSecondTextWidth);
    new ColumnFitter(view, textColumns, minimumWidths);
    // One line per row, all the same height: the view never measures 100,000 rows.
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->sortByColumn(sortColumn, order);

    connect(view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MemoryPanel::updateActions);
    connect(view, &QTableView::doubleClicked, this, [this] {
        if (m_ui->editAction->isVisible() && m_ui->editAction->isEnabled())
            m_ui->editAction->trigger();
    });
    // The proxy drops a row before the source does, and filters without the source knowing:
    // the counts listen to both.
    for (QAbstractItemModel* counted :
         {static_cast<QAbstractItemModel*>(model), static_cast<QAbstractItemModel*>(proxy)}) {
        for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
            connect(counted, signal, this, &MemoryPanel::updateTabTitles);
        connect(counted, &QAbstractItemModel::modelReset, this, &MemoryPanel::updateTabTitles);
    }
    connect(model, &QAbstractItemModel::dataChanged, this, [this] {
        updateActions(); // "Pin" becomes "Unpin", a confirmed fact is no longer pending…
        updateTabTitles();
    });
    connect(model, &ItemTableModel::loadFailed, this,
            [this](const QString& message) { Q_EMIT statusMessage(tr("Could not read the memory: %1").arg(message)); });
}

void MemoryPanel::connectActions()
{
    connect(m_ui->pinAction, &QAction::triggered, this, &MemoryPanel::pinSelected);
    connect(m_ui->editAction, &QAction::triggered, this, &MemoryPanel::editSelected);
    connect(m_ui->deleteAction, &QAction::triggered, this, &MemoryPanel::deleteSelected);
    connect(m_ui->undoAction, &QAction::triggered, this, &MemoryPanel::undoLast);
    connect(m_ui->historyAction, &QAction::triggered, this, &MemoryPanel::showHistory);
    connect(m_ui->addFactAction, &QAction::triggered, this, &MemoryPanel::addFact);
    connect(m_ui->confirmAction, &QAction::triggered, this, &MemoryPanel::confirmSelected);
    connect(m_ui->rejectAction, &QAction::triggered, this, &MemoryPanel::rejectSelected);
    connect(m_ui->restoreAction, &QAction::triggered, this, &MemoryPanel::restoreSelected);
    connect(m_sourceAction, &QAction::triggered, this, &MemoryPanel::showSource);
}

void MemoryPanel::setUser(const QString& userId)
{
    m_userId = userId;
    reloadConversations();
    for (const Page& p : m_pages)
        p.model->setUser(userId);
    updateActions();
    updateTabTitles();
}

void MemoryPanel::setConversation(const QString& conversationId)
{
    m_working->setConversation(conversationId);
    if (m_ui->filterBar->isVisible())
        reloadConversations(); // a new one, or one renamed
}

void MemoryPanel::focusSearch()
{
    m_ui->searchLineEdit->setFocus(Qt::ShortcutFocusReason);
    m_ui->searchLineEdit->selectAll();
}

MemoryFilterBar* MemoryPanel::filterBar() const
{
    return m_ui->filterBar;
}

MemoryPanel::Tab MemoryPanel::currentTab() const
{
    return static_cast<Tab>(std::clamp(m_ui->tabWidget->currentIndex(), 0, 3));
}

void MemoryPanel::setCurrentTab(Tab tab)
{
    m_ui->tabWidget->setCurrentIndex(static_cast<int>(tab));
}

bool MemoryPanel::selectItem(const QString& id)
{
    if (m_userId.isEmpty())
        return false;
    auto item = m_service.item(m_userId, id);
    if (!item)
        return false;
    Tab tab = Tab::Episodes;
    switch (item->tier) {
    case Tier::Semantic:
        tab = Tab::Profile;
        break;
    case Tier::Working:
        tab = Tab::Working;
        break;
    case Tier::Archive:
        tab = Tab::Archive;
        break;
    case Tier::Episodic:
        break;
    }
    const Page& p = page(tab);
    if (!p.model->canShow(*item))
        return false;               // a superseded fact, another conversation's message…
    if (m_searchTimer.isActive()) { // keys typed a moment ago: search with them before looking
        m_searchTimer.stop();
        applySearch();
    }
    setCurrentTab(tab);
    const auto proxyRow = [&] {
        const int row = p.model->rowOf(id);
        return row < 0 ? QModelIndex() : p.proxy->mapFromSource(p.model->index(row, 0));
    };
    QModelIndex index = proxyRow();
    if (!index.isValid() && (!m_ui->searchLineEdit->text().isEmpty() || m_ui->filterBar->activeCount() > 0)) {
        m_ui->searchLineEdit->clear(); // the search or a filter hid it
        m_ui->filterBar->clear();
        m_searchTimer.stop();
        applySearch();
        index = proxyRow();
    }
    if (!index.isValid()) {
        if (auto* paged = p.proxy->pagedModel(); paged && paged->fetchUntil(id))
            index = proxyRow();
    }
    if (!index.isValid())
        return false;
    p.view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    p.view->scrollTo(index, QAbstractItemView::PositionAtCenter);
    return true;
}

QList<MemoryItem> MemoryPanel::selectedItems() const
{
    const Page& p = currentPage();
    QList<int> rows;
    for (const QModelIndex& index : p.view->selectionModel()->selectedRows())
        rows.append(p.proxy->mapToSource(index).row());
    std::sort(rows.begin(), rows.end());
    QList<MemoryItem> items;
    for (int row : std::as_const(rows)) {
        if (row >= 0)
            items.append(p.model->itemAt(row));
    }
    return items;
}

void MemoryPanel::onTabChanged()
{
    const Tab tab = currentTab();
    m_ui->addFactAction->setVisible(tab == Tab::Profile);
    m_ui->confirmAction->setVisible(tab == Tab::Profile);
    m_ui->rejectAction->setVisible(tab == Tab::Profile);
    m_ui->pinAction->setVisible(tab != Tab::Archive);
    m_ui->editAction->setVisible(tab != Tab::Archive);
    m_ui->restoreAction->setVisible(tab == Tab::Archive);
    const QList<QAction*> toolBarActions = m_ui->panelToolBar->actions();
    const auto firstSeparator =
        std::find_if(toolBarActions.cbegin(), toolBarActions.cend(), [](const QAction* a) { return a->isSeparator(); });
    if (firstSeparator != toolBarActions.cend())
        (*firstSeparator)->setVisible(tab == Tab::Profile); // it follows the Profile-only actions
    updateActions();
}

void MemoryPanel::applySearch()
{
    // Every tab at once: the tab titles count what matches in each tier.
    const QString text = m_ui->searchLineEdit->text().trimmed();
    const ItemQuery conditions = m_ui->filterBar->conditions(m_service.clock().now().toLocalTime());
    for (const Page& p : m_pages)
        p.proxy->setSearch(text, conditions);
}

void MemoryPanel::reloadConversations()
{
    if (m_userId.isEmpty()) {
        m_ui->filterBar->setConversations({});
        return;
    }
    auto conversations = m_service.conversations(m_userId);
    if (!conversations) {
        Q_EMIT statusMessage(tr("Could not read the conversations: %1").arg(conversations.errorMessage()));
        return;
    }
    m_ui->filterBar->setConversations(*conversations);
}

void MemoryPanel::updateFilterButton()
{
    const int active = m_ui->filterBar->activeCount();
    m_ui->filterButton->setText(active > 0 ? tr("Filters (%1)").arg(active) : tr("Filters"));
}

void MemoryPanel::updateActions()
{
    const Tab tab = currentTab();
    const QList<MemoryItem> items = selectedItems();
    const bool any = !items.isEmpty();
    const bool allPinned = any && std::all_of(items.cbegin(), items.cend(), [](const auto& i) { return i.pinned; });
    const bool anyPending = std::any_of(items.cbegin(), items.cend(),
                                        [](const MemoryItem& i) { return i.status == enumName(ItemStatus::Pending); });
    const bool hasUser = !m_userId.isEmpty();
    m_ui->pinAction->setText(allPinned ? tr("Unpin") : tr("Pin"));
    m_ui->pinAction->setEnabled(any && tab != Tab::Archive);
    m_ui->editAction->setEnabled(items.size() == 1 && tab != Tab::Archive);
    m_ui->deleteAction->setEnabled(any);
    m_ui->historyAction->setEnabled(items.size() == 1);
    m_sourceAction->setEnabled(items.size() == 1 && !items.first().conversationId.isEmpty());
    m_ui->confirmAction->setEnabled(anyPending);
    m_ui->rejectAction->setEnabled(anyPending);
    m_ui->restoreAction->setEnabled(any && tab == Tab::Archive);
    m_ui->addFactAction->setEnabled(hasUser);
    m_ui->undoAction->setEnabled(hasUser);
}

void MemoryPanel::updateTabTitles()
{
    QTabWidget* tabs = m_ui->tabWidget;
    tabs->setTabText(static_cast<int>(Tab::Profile), tr("Profile (%L1)").arg(page(Tab::Profile).proxy->rowCount()));
    // Until a search's matches are counted (a moment after its first page shows): "200+".
    tabs->setTabText(static_cast<int>(Tab::Episodes), m_episodes->isCounted()
                                                          ? tr("Episodes (%L1)").arg(m_episodes->totalCount())
                                                          : tr("Episodes (%L1+)").arg(m_episodes->totalCount()));
    tabs->setTabText(static_cast<int>(Tab::Working), tr("Working (%L1)").arg(page(Tab::Working).proxy->rowCount()));
    tabs->setTabText(static_cast<int>(Tab::Archive), m_archive->isCounted()
                                                         ? tr("Archive (%L1)").arg(m_archive->totalCount())
                                                         : tr("Archive (%L1+)").arg(m_archive->totalCount()));
    const int pending = m_facts->pendingCount();
    m_ui->pendingLabel->setText(
        tr("%Ln fact(s) wait for your confirmation. They are not used in replies until you confirm them.", nullptr,
           pending));
    m_ui->pendingLabel->setVisible(pending > 0);
    // A memory with nothing in it yet (not a search that found nothing) says what will come.
    const bool empty = m_ui->searchLineEdit->text().isEmpty() && m_ui->filterBar->activeCount() == 0 &&
                       page(Tab::Profile).proxy->rowCount() == 0 && m_episodes->isCounted() &&
                       m_episodes->totalCount() == 0 && page(Tab::Working).proxy->rowCount() == 0 &&
                       m_archive->isCounted() && m_archive->totalCount() == 0;
    m_ui->emptyLabel->setVisible(empty && !m_userId.isEmpty());
}

void MemoryPanel::pinSelected()
{
    QList<MemoryItem> items = selectedItems();
    const bool pin = !std::all_of(items.cbegin(), items.cend(), [](const MemoryItem& i) { return i.pinned; });
    items.removeIf([pin](const MemoryItem& i) { return i.pinned == pin; });
    const int done = applyAsOne(
        items, [&](const MemoryItem& i) { return statusOf(m_service.setPinned(m_userId, i.id, pin)); },
        pin ? tr("Could not pin “%1”.") : tr("Could not unpin “%1”."));
    if (done < 0)
        return;
    Q_EMIT statusMessage(pin ? tr("Pinned %Ln item(s): never forgotten, always in the context.", nullptr, done)
                             : tr("Unpinned %Ln item(s).", nullptr, done));
}

void MemoryPanel::editSelected()
{
    const QList<MemoryItem> items = selectedItems();
    if (items.size() != 1)
        return;
    const MemoryItem item = items.first();
    EditItemDialog::Request request;
    request.multiLine = true;
    switch (item.tier) {
    case Tier::Semantic:
        request.title = tr("Edit Fact");
        request.prompt =
            tr("New value of “%1 · %2”:").arg(FactLabels::subject(item.subject), FactLabels::predicate(item.predicate));
        request.text = item.object;
        request.multiLine = false;
        request.maxLength = SemanticMemory::kMaxFieldLength;
        break;
    case Tier::Working:
        request.title = tr("Edit What the Model Sees");
        request.prompt = tr("What the model sees of this message from now on. The chat keeps showing the original.");
        request.text = item.detail.isEmpty() ? item.content : item.detail;
        break;
    case Tier::Episodic:
    case Tier::Archive:
        request.title = tr("Edit Episode");
        request.prompt = tr("The text of this episode:");
        request.text = item.content;
        break;
    }
    auto* dialog = new EditItemDialog(request, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, id = item.id] {
        if (auto r = m_service.edit(m_userId, id, dialog->text()); !r)
            return reportFailure(tr("Could not save the change."), r.errorMessage());
        Q_EMIT statusMessage(tr("Saved. Press %1 or choose Undo to go back.").arg(undoKey()));
    });
    dialog->open();
}

void MemoryPanel::deleteSelected()
{
    const QList<MemoryItem> items = selectedItems();
    const int count = static_cast<int>(items.size());
    if (count == 0)
        return;
    if (count > 1 && MessageBoxes::question(this, tr("Delete Items"),
                                            tr("Delete %Ln item(s)? One Undo brings them all back.", nullptr, count)) !=
                         QMessageBox::Yes)
        return;
    if (applyAsOne(
            items, [this](const MemoryItem& i) { return m_service.remove(m_userId, i.id); },
            tr("Could not delete “%1”.")) < 0)
        return;
    if (currentTab() == Tab::Working)
        Q_EMIT statusMessage(
            tr("The model no longer sees %Ln message(s). Press %1 or choose Undo to bring it back.", nullptr, count)
                .arg(undoKey()));
    else
        Q_EMIT statusMessage(
            tr("Deleted %Ln item(s). Press %1 or choose Undo to bring it back.", nullptr, count).arg(undoKey()));
}

void MemoryPanel::undoLast()
{
    if (m_userId.isEmpty())
        return;
    auto undone = m_service.undo(m_userId);
    if (!undone) {
        if (undone.error().code == Error::Code::NotFound)
            Q_EMIT statusMessage(tr("There is nothing to undo."));
        else
            reportFailure(tr("Could not undo the last change."), undone.errorMessage());
        return;
    }
    Q_EMIT statusMessage(tr("Undid your last change."));
}

void MemoryPanel::showHistory()
{
    const QList<MemoryItem> items = selectedItems();
    if (items.size() != 1)
        return;
    auto history = m_service.history(m_userId, items.first().id);
    if (!history)
        return reportFailure(tr("Could not read the history."), history.errorMessage());
    const MemoryItem& item = items.first();
    // A fact in plain words ("Deploys with → Kubernetes"), not its stored keys.
    const QString title =
        item.tier == Tier::Semantic ? FactLabels::statement(item.subject, item.predicate, item.object) : item.content;
    auto* dialog = new HistoryDialog(shortText(title), std::move(history).value(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MemoryPanel::addFact()
{
    if (m_userId.isEmpty())
        return;
    auto* dialog = new AddFactDialog(m_service.config().pendingBelow, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        auto fact =
            m_service.addFact(m_userId, FactLabels::subjectKey(dialog->subject()),
                              FactLabels::predicateKey(dialog->predicate()), dialog->object(), dialog->confidence());
        if (!fact)
            return reportFailure(tr("Could not add the fact."), fact.errorMessage());
        selectItem(fact->id);
        Q_EMIT statusMessage(fact->status == ItemStatus::Pending ? tr("Added. The fact waits for your confirmation.")
                                                                 : tr("Added. The assistant will remember it."));
    });
    dialog->open();
}

void MemoryPanel::confirmSelected()
{
    const int done = applyToEach(
        pendingOf(selectedItems()),
        [this](const MemoryItem& i) { return statusOf(m_service.confirmFact(m_userId, i.id)); },
        tr("Could not confirm “%1”."));
    if (done >= 0)
        Q_EMIT statusMessage(tr("Confirmed %Ln fact(s). They are used in replies from now on.", nullptr, done));
}

void MemoryPanel::rejectSelected()
{
    const int done = applyToEach(
        pendingOf(selectedItems()),
        [this](const MemoryItem& i) { return statusOf(m_service.rejectFact(m_userId, i.id)); },
        tr("Could not reject “%1”."));
    if (done >= 0)
        Q_EMIT statusMessage(tr("Rejected %Ln fact(s). They will not be used.", nullptr, done));
}

void MemoryPanel::restoreSelected()
{
    // One transaction and one change for the whole selection: item by item, a thousand rows
    // held the window for seconds.
    QStringList ids;
    for (const MemoryItem& item : selectedItems())
        ids.append(item.id);
    if (ids.isEmpty())
        return;
    auto restored = m_service.restoreAll(m_userId, ids);
    if (!restored)
        return reportFailure(tr("Could not restore the selected episodes."), restored.errorMessage());
    Q_EMIT statusMessage(tr("Restored %Ln episode(s) to memory.", nullptr, int(restored->size())));
}

void MemoryPanel::showSource()
{
    const QList<MemoryItem> items = selectedItems();
    if (items.size() != 1 || items.first().conversationId.isEmpty()) {
        Q_EMIT statusMessage(tr("Nothing tells where this came from: it was added by hand or imported."));
        return;
    }
    Q_EMIT sourceRequested(items.first().conversationId, items.first().sourceMessageId);
}

int MemoryPanel::applyToEach(const QList<MemoryItem>& items, const std::function<Status(const MemoryItem&)>& change,
                             const QString& failure)
{
    int done = 0;
    for (const MemoryItem& item : items) {
        if (auto st = change(item); !st) {
            reportFailure(failure.arg(shortText(item.content)), st.errorMessage());
            return -1;
        }
        ++done;
    }
    return done;
}

int MemoryPanel::applyAsOne(const QList<MemoryItem>& items, const std::function<Status(const MemoryItem&)>& change,
                            const QString& failure)
{
    int done = 0;
    const Status st = m_service.asOneAction([&]() -> Status {
        done = applyToEach(items, change, failure);
        return done < 0 ? Status(Error{Error::Code::Conflict, failure}) : Status();
    });
    // Nothing of a failed action was kept, and the service announced none of it: the rows shown
    // are still right.
    return st ? done : -1;
}

void MemoryPanel::reportFailure(const QString& what, const QString& why)
{
    MessageBoxes::warning(this, tr("Memory"), tr("%1\n\n%2").arg(what, why));
}

QString MemoryPanel::undoKey()
{
    return QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText);
}

} // namespace engram
