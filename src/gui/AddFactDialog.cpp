#include "AddFactDialog.h"

#include "llm/FactOperations.h"
#include "memory/FactLabels.h"
#include "memory/SemanticMemory.h"
#include "ui_AddFactDialog.h"

#include <QPushButton>

namespace engram {

AddFactDialog::AddFactDialog(double pendingBelow, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::AddFactDialog>())
    , m_pendingBelow(pendingBelow)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("addFactDialog"));
    // The user, in words of the interface language ("Me", "我"); FactLabels::subjectKey reads it back.
    m_ui->subjectLineEdit->setText(FactLabels::subject(userSubject()));
    for (QLineEdit* edit : {m_ui->subjectLineEdit, m_ui->predicateLineEdit, m_ui->objectLineEdit}) {
        edit->setMaxLength(SemanticMemory::kMaxFieldLength);
        connect(edit, &QLineEdit::textChanged, this, &AddFactDialog::validate);
    }
    connect(m_ui->confidenceSpinBox, &QSpinBox::valueChanged, this, &AddFactDialog::validate);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_ui->predicateLineEdit->setFocus();
    validate();
}

AddFactDialog::~AddFactDialog() = default;

QString AddFactDialog::subject() const
{
    return m_ui->subjectLineEdit->text().trimmed();
}

QString AddFactDialog::predicate() const
{
    return m_ui->predicateLineEdit->text().trimmed();
}

QString AddFactDialog::object() const
{
    return m_ui->objectLineEdit->text().trimmed();
}

double AddFactDialog::confidence() const
{
    return m_ui->confidenceSpinBox->value() / 100.0;
}

void AddFactDialog::validate()
{
    QString problem;
    if (subject().isEmpty())
        problem = tr("Say whom the fact is about, for example “user”.");
    else if (predicate().isEmpty() || object().isEmpty())
        problem = tr("Fill in the predicate and the value.");
    m_ui->errorLabel->setText(problem);
    m_ui->errorLabel->setVisible(!problem.isEmpty() && (!predicate().isEmpty() || !object().isEmpty()));
    const bool pending = confidence() < m_pendingBelow;
    m_ui->hintLabel->setText(
        pending
            ? tr("Below %1% the fact waits for your confirmation before it is used.").arg(qRound(m_pendingBelow * 100))
            : QString());
    m_ui->hintLabel->setVisible(pending);
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace engram
