#pragma once

#include "core/Result.h"
#include "memory/MemoryItem.h"

#include <QTimer>
#include <QWidget>

#include <array>
#include <functional>
#include <memory>

class QAction;
class QTableView;

namespace engram {

class ArchiveTableModel;
class EpisodeTableModel;
class FactTableModel;
class ItemFilterProxyModel;
class ItemTableModel;
class MemoryFilterBar;
class MemoryService;
class WorkingTableModel;

namespace Ui {
class MemoryPanel;
}

// "What the assistant remembers": one user's memory in four tabs — profile facts, episodes, the
// working window of the open conversation, and the archive of forgotten episodes. The user
// searches all four at once and filters them (source, conversation, time, pinned), sorts, pins,
// corrects, deletes (undoably), confirms or rejects facts, restores episodes and opens the
// conversation an item came from; changes made anywhere in the app appear live through
// MemoryService's signals.
class MemoryPanel final : public QWidget
{
    Q_OBJECT

public:
    enum class Tab
    {
        Profile,
        Episodes,
        Working,
        Archive
    };

    explicit MemoryPanel(MemoryService& service, QWidget* parent = nullptr);
    ~MemoryPanel() override;

    // "What the assistant remembers": the title for the dock that holds the panel.
    static QString title();

    // Shows this user's memory ("" = nothing). Call setConversation() too: a conversation
    // belongs to one user, and the Working tab shows only the current user's messages.
    void setUser(const QString& userId);
    QString userId() const { return m_userId; }
    // The Working tab shows this conversation's window ("" = none).
    void setConversation(const QString& conversationId);

    // Switches to the item's tab, selects its row and scrolls to it, clearing the search when it
    // hides the item. False when the item is not one the panel shows (another user's, another
    // conversation's message, a superseded fact…).
    bool selectItem(const QString& id);

    Tab currentTab() const;
    void setCurrentTab(Tab tab);
    // Puts the keyboard focus in the search field, its text selected.
    void focusSearch();
    // The filters under the search field (shown with the Filters button).
    MemoryFilterBar* filterBar() const;

Q_SIGNALS:
    // A short message for the status bar: what an action did and how to undo it.
    void statusMessage(const QString& message);
    // "Show Where This Came From": open this conversation at this message (empty: none known).
    void sourceRequested(const QString& conversationId, const QString& messageId);

private:
    struct Page
    {
        QTableView* view{};
        ItemTableModel* model{};
        ItemFilterProxyModel* proxy{};
    };

    void setUpPage(Tab tab, QTableView* view, ItemTableModel* model, const QList<int>& textColumns, int sortColumn,
                   Qt::SortOrder order, const QList<QAction*>& menu);
    void connectActions();
    const Page& page(Tab tab) const { return m_pages.at(static_cast<std::size_t>(tab)); }
    // Reloads a page as the user left it: the selected rows, the current row and the scroll
    // position stay (another process wrote; the user was not done).
    static void reloadKeepingView(const Page& p);
    const Page& currentPage() const { return page(currentTab()); }
    QList<MemoryItem> selectedItems() const;

    void onTabChanged();
    void applySearch();
    void reloadConversations();
    void updateFilterButton();
    void updateActions();
    void updateTabTitles();

    void pinSelected();
    void editSelected();
    void deleteSelected();
    void undoLast();
    void showHistory();
    void addFact();
    void confirmSelected();
    void rejectSelected();
    void restoreSelected();
    void showSource();
    // Applies `change` to each item in turn and stops at the first failure, which it reports
    // with `failure` (%1 = the item). Returns how many it changed, or -1 after a failure.
    int applyToEach(const QList<MemoryItem>& items, const std::function<Status(const MemoryItem&)>& change,
                    const QString& failure);
    // The same as one action of the user: all or nothing, and one Undo takes it all back.
    int applyAsOne(const QList<MemoryItem>& items, const std::function<Status(const MemoryItem&)>& change,
                   const QString& failure);
    // Shows what failed; the service's text says why.
    void reportFailure(const QString& what, const QString& why);
    static QString undoKey();

    MemoryService& m_service;
    std::unique_ptr<Ui::MemoryPanel> m_ui;
    FactTableModel* m_facts{};
    EpisodeTableModel* m_episodes{};
    WorkingTableModel* m_working{};
    ArchiveTableModel* m_archive{};
    std::array<Page, 4> m_pages;
    QAction* m_sourceAction{};
    QTimer m_searchTimer;
    QTimer m_outsideTimer;
    QString m_userId;
};

} // namespace engram
