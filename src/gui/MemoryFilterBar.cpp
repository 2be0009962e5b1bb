#include "MemoryFilterBar.h"

#include "ConversationList.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QToolButton>

namespace engram {

namespace {

constexpr int kAnyOrigin = -1;

} // namespace

MemoryFilterBar::MemoryFilterBar(QWidget* parent)
    : QWidget(parent)
    , m_origin(new QComboBox(this))
    , m_conversation(new QComboBox(this))
    , m_period(new QComboBox(this))
    , m_pinned(new QCheckBox(this))
    , m_clear(new QToolButton(this))
{
    setObjectName(QStringLiteral("memoryFilterBar"));
    m_origin->setObjectName(QStringLiteral("originFilterComboBox"));
    m_conversation->setObjectName(QStringLiteral("conversationFilterComboBox"));
    m_period->setObjectName(QStringLiteral("periodFilterComboBox"));
    m_pinned->setObjectName(QStringLiteral("pinnedFilterCheckBox"));
    m_clear->setObjectName(QStringLiteral("clearFiltersButton"));
    m_clear->setAutoRaise(true);
    // Titles of conversations can be long: the box shows the start, the list all of it.
    m_conversation->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_conversation->setMinimumContentsLength(12);

    // Two rows: the panel beside the chat is narrow, and every choice should read in full.
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(4);
    grid->setVerticalSpacing(4);
    grid->addWidget(m_origin, 0, 0);
    grid->addWidget(m_period, 0, 1);
    grid->addWidget(m_pinned, 0, 2);
    grid->addWidget(m_conversation, 1, 0, 1, 2);
    grid->addWidget(m_clear, 1, 2);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    for (QComboBox* box : {m_origin, m_period})
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    m_origin->addItem(QString(), kAnyOrigin);
    for (ItemOrigin o :
         {ItemOrigin::Said, ItemOrigin::Inferred, ItemOrigin::ByHand, ItemOrigin::Imported, ItemOrigin::Tool})
        m_origin->addItem(QString(), static_cast<int>(o));
    m_conversation->addItem(QString(), QString());
    for (Period p : {Period::AnyTime, Period::Today, Period::Week, Period::Month, Period::Year})
        m_period->addItem(QString(), static_cast<int>(p));
    retranslate();

    for (QComboBox* box : {m_origin, m_conversation, m_period})
        connect(box, &QComboBox::currentIndexChanged, this, &MemoryFilterBar::changed);
    connect(m_pinned, &QCheckBox::toggled, this, &MemoryFilterBar::changed);
    connect(m_clear, &QToolButton::clicked, this, &MemoryFilterBar::clear);
    connect(this, &MemoryFilterBar::changed, this, [this] { m_clear->setEnabled(activeCount() > 0); });
    m_clear->setEnabled(false);
}

void MemoryFilterBar::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void MemoryFilterBar::retranslate()
{
    const QStringList origins{tr("From anywhere"), tr("Said by me"), tr("Inferred by the model"),
                              tr("Added by hand"), tr("Imported"),   tr("From another tool")};
    for (int i = 0; i < origins.size(); ++i)
        m_origin->setItemText(i, origins.at(i));
    m_conversation->setItemText(0, tr("Any conversation"));
    const QStringList periods{tr("Any time"), tr("Today"), tr("Past 7 days"), tr("Past 30 days"), tr("Past year")};
    for (int i = 0; i < periods.size(); ++i)
        m_period->setItemText(i, periods.at(i));
    m_pinned->setText(tr("Pinned only"));
    m_clear->setText(tr("Clear Filters"));
    m_origin->setAccessibleName(tr("Source"));
    m_origin->setToolTip(tr("Where the memory came from"));
    m_conversation->setAccessibleName(tr("Conversation"));
    m_conversation->setToolTip(tr("The conversation the memory was learned in"));
    m_period->setAccessibleName(tr("When"));
    m_period->setToolTip(tr("When the memory was made"));
    m_pinned->setAccessibleName(tr("Pinned only"));
    m_clear->setAccessibleName(tr("Clear Filters"));
}

void MemoryFilterBar::setConversations(const QList<Conversation>& conversations)
{
    const QString chosen = m_conversation->currentData().toString();
    const QSignalBlocker quiet(m_conversation);
    while (m_conversation->count() > 1)
        m_conversation->removeItem(1);
    for (const Conversation& c : conversations) {
        if (!c.incognito)
            m_conversation->addItem(ConversationList::title(c), c.id);
    }
    const int index = m_conversation->findData(chosen);
    m_conversation->setCurrentIndex(std::max(index, 0));
    if (index < 0 && !chosen.isEmpty())
        Q_EMIT changed(); // the chosen conversation was deleted: any conversation now
}

void MemoryFilterBar::setConversation(const QString& conversationId)
{
    m_conversation->setCurrentIndex(std::max(m_conversation->findData(conversationId), 0));
}

void MemoryFilterBar::setOrigin(std::optional<ItemOrigin> origin)
{
    m_origin->setCurrentIndex(std::max(m_origin->findData(origin ? static_cast<int>(*origin) : kAnyOrigin), 0));
}

void MemoryFilterBar::setPeriod(Period period)
{
    m_period->setCurrentIndex(std::max(m_period->findData(static_cast<int>(period)), 0));
}

void MemoryFilterBar::setPinnedOnly(bool pinnedOnly)
{
    m_pinned->setChecked(pinnedOnly);
}

void MemoryFilterBar::clear()
{
    {
        const QSignalBlocker a(m_origin), b(m_conversation), c(m_period), d(m_pinned);
        m_origin->setCurrentIndex(0);
        m_conversation->setCurrentIndex(0);
        m_period->setCurrentIndex(0);
        m_pinned->setChecked(false);
    }
    Q_EMIT changed();
}

ItemQuery MemoryFilterBar::conditions(const QDateTime& now) const
{
    ItemQuery q;
    q.pinnedOnly = m_pinned->isChecked();
    q.conversationId = m_conversation->currentData().toString();
    if (const int origin = m_origin->currentData().toInt(); origin != kAnyOrigin)
        q.origin = static_cast<ItemOrigin>(origin);
    const QDateTime today(now.date(), QTime(0, 0));
    switch (static_cast<Period>(m_period->currentData().toInt())) {
    case Period::AnyTime:
        break;
    case Period::Today:
        q.createdFrom = today;
        break;
    case Period::Week:
        q.createdFrom = today.addDays(-6);
        break;
    case Period::Month:
        q.createdFrom = today.addDays(-29);
        break;
    case Period::Year:
        q.createdFrom = today.addYears(-1);
        break;
    }
    return q;
}

int MemoryFilterBar::activeCount() const
{
    return int(m_origin->currentIndex() > 0) + int(m_conversation->currentIndex() > 0) +
           int(m_period->currentIndex() > 0) + int(m_pinned->isChecked());
}

} // namespace engram
