#include "MemoryStoragePage.h"

#include "AppSettings.h"
#include "ServerProbe.h"
#include "storage/MemoryLocation.h"

#include <QApplication>
#include <QButtonGroup>
#include <QDir>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QRadioButton>
#include <QStyle>
#include <QThread>
#include <QVBoxLayout>

namespace engram {
namespace {

QLabel* makeNote(QWidget* parent, const char* objectName, bool quiet)
{
    auto* label = new QLabel(parent);
    label->setObjectName(QLatin1String(objectName));
    label->setWordWrap(true);
    // Paths, addresses and the server's messages may hold "<": never read them as HTML.
    label->setTextFormat(Qt::PlainText);
    // A form gives a wrapping label the height of its narrow hint: keep the text at the top of it.
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    if (quiet)
        label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

// A form below a radio button, lined up with the button's text.
QFormLayout* indentedForm(QWidget* owner, const QStyle* style)
{
    auto* form = new QFormLayout(owner);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    const int indent =
        style->pixelMetric(QStyle::PM_ExclusiveIndicatorWidth) + style->pixelMetric(QStyle::PM_RadioButtonLabelSpacing);
    form->setContentsMargins(indent, 0, 0, 0);
    return form;
}

} // namespace

MemoryStoragePage::MemoryStoragePage(AppSettings& settings, SecretStore& secrets, QString inUse, QWidget* parent)
    : QWidget(parent)
    , m_settings(settings)
    , m_secrets(secrets)
    , m_inUse(std::move(inUse))
{
    setObjectName(QStringLiteral("memoryStoragePage"));
    m_intro = makeNote(this, "storageIntroLabel", false);

    m_fileButton = new QRadioButton(this);
    m_fileButton->setObjectName(QStringLiteral("fileStorageRadioButton"));
    auto* fileFields = new QWidget(this);
    auto* fileForm = indentedForm(fileFields, style());
    m_fileLabel = new QLabel(fileFields);
    m_filePath = new QLineEdit(QDir::toNativeSeparators(MemoryLocation::defaultFile().filePath()), fileFields);
    m_filePath->setObjectName(QStringLiteral("memoryFileLineEdit"));
    m_filePath->setReadOnly(true);
    m_fileLabel->setBuddy(m_filePath);
    fileForm->addRow(m_fileLabel, m_filePath);

    m_serverButton = new QRadioButton(this);
    m_serverButton->setObjectName(QStringLiteral("serverStorageRadioButton"));
    auto* choice = new QButtonGroup(this);
    choice->addButton(m_fileButton);
    choice->addButton(m_serverButton);

    m_serverFields = new QWidget(this);
    m_serverFields->setObjectName(QStringLiteral("serverFieldsWidget"));
    m_serverForm = indentedForm(m_serverFields, style());
    m_addressLabel = new QLabel(m_serverFields);
    m_address = new QLineEdit(m_serverFields);
    m_address->setObjectName(QStringLiteral("serverAddressLineEdit"));
    m_address->setPlaceholderText(QStringLiteral("postgresql://user@host:5432/engram?sslmode=require"));
    m_address->setMinimumWidth(m_address->fontMetrics().horizontalAdvance(m_address->placeholderText()) + 24);
    m_addressLabel->setBuddy(m_address);
    m_addressError = makeNote(m_serverFields, "serverAddressErrorLabel", false);
    m_passwordLabel = new QLabel(m_serverFields);
    m_password = new QLineEdit(m_serverFields);
    m_password->setObjectName(QStringLiteral("serverPasswordLineEdit"));
    m_password->setEchoMode(QLineEdit::Password);
    m_passwordLabel->setBuddy(m_password);
    m_passwordNote = makeNote(m_serverFields, "serverPasswordNoteLabel", true);
    m_testButton = new QPushButton(m_serverFields);
    m_testButton->setObjectName(QStringLiteral("testServerButton"));
    m_testResult = makeNote(m_serverFields, "serverTestResultLabel", false);
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A form gives a wrapping label the height it needs at its minimum width: make that the
    // address field's, so a message gets no more lines than it shows.
    for (QLabel* label : {m_addressError, m_passwordNote, m_testResult})
        label->setMinimumWidth(m_address->minimumWidth());
    m_serverForm->addRow(m_addressLabel, m_address);
    m_serverForm->addRow(QString(), m_addressError);
    m_serverForm->addRow(m_passwordLabel, m_password);
    m_serverForm->addRow(QString(), m_passwordNote);
    auto* testRow = new QHBoxLayout;
    testRow->addWidget(m_testButton);
    testRow->addStretch();
    m_serverForm->addRow(QString(), testRow);
    m_serverForm->addRow(QString(), m_testResult);
    // Rows of messages take room only while they say something.
    m_serverForm->setRowVisible(m_testResult, false);

    m_nextStartNote = makeNote(this, "storageNextStartLabel", true);
    m_inUseNote = makeNote(this, "storageInUseLabel", true);
    m_inUseNote->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addSpacing(fontMetrics().height() / 2);
    layout->addWidget(m_fileButton);
    layout->addWidget(fileFields);
    layout->addWidget(m_serverButton);
    layout->addWidget(m_serverFields);
    layout->addSpacing(fontMetrics().height() / 2);
    layout->addWidget(m_nextStartNote);
    layout->addWidget(m_inUseNote);
    layout->addStretch();

    connect(m_serverButton, &QRadioButton::toggled, this, &MemoryStoragePage::updateChoice);
    connect(m_address, &QLineEdit::textChanged, this, &MemoryStoragePage::updateAddressError);
    connect(m_password, &QLineEdit::textEdited, this, [this] { m_passwordEdited = true; });
    // A verdict on other settings than those shown would mislead.
    for (QLineEdit* edit : {m_address, m_password})
        connect(edit, &QLineEdit::textEdited, this, [this] { m_serverForm->setRowVisible(m_testResult, false); });
    connect(m_testButton, &QPushButton::clicked, this, &MemoryStoragePage::testConnection);
    connect(&m_secrets, &SecretStore::persistenceChanged, this, &MemoryStoragePage::updatePasswordNote);

    retranslate();
    load();
}

void MemoryStoragePage::load()
{
    m_savedServer = m_settings.memoryServer();
    m_address->setText(m_savedServer);
    (m_savedServer.isEmpty() ? m_fileButton : m_serverButton)->setChecked(true);
    updateChoice();
    updateAddressError();
    if (m_savedServer.isEmpty())
        return; // no keychain prompt for a password nobody needs
    m_secrets.read(AppSettings::serverPasswordSecretName(), this, [this](const Result<QString>& password) {
        // What the user typed meanwhile wins over what the keychain held.
        if (password && !m_passwordEdited)
            m_password->setText(*password);
    });
}

void MemoryStoragePage::updateChoice()
{
    m_serverFields->setEnabled(m_serverButton->isChecked());
    m_filePath->setEnabled(m_fileButton->isChecked());
}

QString MemoryStoragePage::addressProblem() const
{
    const QString address = m_address->text().trimmed();
    if (address.isEmpty())
        return tr("Enter the server's address, or choose “On this computer”.");
    auto location = MemoryLocation::parse(address);
    if (!location)
        return tr("This address cannot be used: %1").arg(location.errorMessage());
    if (location->isFile())
        return tr("A server's address starts with postgresql://, for example "
                  "postgresql://me@db.example.org:5432/engram.");
    return {};
}

void MemoryStoragePage::updateAddressError()
{
    // An empty field is not an error yet: Save and Test connection say what is missing.
    const QString problem = m_address->text().trimmed().isEmpty() ? QString() : addressProblem();
    m_addressError->setText(problem);
    m_serverForm->setRowVisible(m_addressError, !problem.isEmpty());
}

void MemoryStoragePage::updatePasswordNote()
{
    if (m_secrets.isPersistent()) {
        m_passwordNote->setText(tr("The password is kept in the system keychain, never in the settings file. "
                                   "Leave it empty to use PGPASSWORD or ~/.pgpass."));
    } else {
        m_passwordNote->setText(tr("%1 The password is kept only until Engram quits and is never written to a "
                                   "file; at the next start Engram needs PGPASSWORD or ~/.pgpass.")
                                    .arg(m_secrets.unavailableReason()));
    }
}

Status MemoryStoragePage::check() const
{
    if (!m_serverButton->isChecked())
        return {};
    if (const QString problem = addressProblem(); !problem.isEmpty())
        return Error::invalid(problem);
    return {};
}

void MemoryStoragePage::writeSettings()
{
    m_settings.setMemoryServer(m_serverButton->isChecked() ? m_address->text().trimmed() : QString());
}

void MemoryStoragePage::savePassword(QObject* context, SecretStore::DoneCallback done)
{
    const QString key = AppSettings::serverPasswordSecretName();
    if (!m_serverButton->isChecked()) {
        // Back to the file: the server's password is not kept for nothing.
        if (!m_savedServer.isEmpty() || m_passwordEdited)
            m_secrets.remove(key, context, std::move(done));
        else
            done(Status());
        return;
    }
    if (!m_passwordEdited) {
        done(Status());
        return;
    }
    const QString password = m_password->text();
    if (password.isEmpty())
        m_secrets.remove(key, context, std::move(done));
    else
        m_secrets.write(key, password, context, std::move(done));
}

void MemoryStoragePage::testConnection()
{
    if (const QString problem = addressProblem(); !problem.isEmpty()) {
        showTestResult(problem);
        return;
    }
    m_testButton->setEnabled(false);
    showTestResult(tr("Connecting…"));
    // On a thread of its own: a server that does not answer takes up to connect_timeout, and a
    // new one has its tables made. The page may be gone by the time it ends; the verdict is then
    // dropped (QPointer), and the thread ends by itself.
    QPointer<MemoryStoragePage> page(this);
    QThread* worker = QThread::create([page, address = m_address->text(), password = m_password->text()] {
        auto summary = ServerProbe::test(address, password);
        QMetaObject::invokeMethod(
            qApp,
            [page, summary = std::move(summary)] {
                if (page)
                    page->showVerdict(summary);
            },
            Qt::QueuedConnection);
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void MemoryStoragePage::showVerdict(const Result<ServerSummary>& summary)
{
    m_testButton->setEnabled(true);
    if (!summary) {
        showTestResult(tr("Failed: %1").arg(summary.errorMessage()));
        return;
    }
    if (summary->profiles == 0)
        showTestResult(tr("Connected: PostgreSQL %1. No memory is kept there yet.").arg(summary->version));
    else
        showTestResult(tr("Connected: PostgreSQL %1, with the memory of %Ln profile(s).", nullptr, summary->profiles)
                           .arg(summary->version));
}

void MemoryStoragePage::showTestResult(const QString& text)
{
    m_testResult->setText(text);
    m_serverForm->setRowVisible(m_testResult, true);
}

void MemoryStoragePage::retranslate()
{
    m_intro->setText(tr("Where Engram keeps its memory: the conversations, facts and summaries of every profile."));
    m_fileButton->setText(tr("On this &computer"));
    m_fileLabel->setText(tr("Memory file:"));
    m_serverButton->setText(tr("On a &PostgreSQL server"));
    m_serverButton->setToolTip(tr("One memory for several devices or a team, kept by a server you run"));
    m_addressLabel->setText(tr("&Address:"));
    m_passwordLabel->setText(tr("Pass&word:"));
    m_testButton->setText(tr("&Test Connection"));
    m_testButton->setToolTip(tr("Open the server with this address and password, as the next start will"));
    m_nextStartNote->setText(tr("Engram uses the new place from its next start. Nothing is copied between the two: "
                                "to take your memory along, run “engram-cli migrate --from <old> --to <new>” "
                                "while Engram is closed."));
    m_inUseNote->setText(tr("In use now: %1").arg(m_inUse));
    m_inUseNote->setVisible(!m_inUse.isEmpty());
    updatePasswordNote();
    updateAddressError();
}

void MemoryStoragePage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace engram
